import type { Clock, Package } from '@pocketnet/ledger';

export type NodeConfig = {
  /** Where the file journal lives; null keeps everything in memory (`--ephemeral`). */
  readonly dataDir: string | null;
  readonly clock: Clock;
  readonly participantName: string;
  readonly synchronizerName: string;
  /** The version `/v2/version` reports; clients pick their dialect from it. */
  readonly ledgerApiVersion: string;
  /** Template packages to run; the example package is always loaded beside them. */
  readonly packages?: readonly Package[];
};

export const defaultLedgerApiVersion = '3.4.12';
