import type { Clock, Package } from '@pocketnet/ledger';
import type { DevnetConfig } from '../devnet/start-devnet.ts';

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
  /** A devnet (DSO, rounds, the validator's wallet) on an empty journal; null for a bare ledger. */
  readonly devnet?: DevnetConfig | null;
  /** Where failures of background work (round automation) go; they never stop the node. */
  readonly onBackgroundError?: (error: unknown) => void;
};

export const defaultLedgerApiVersion = '3.4.12';
