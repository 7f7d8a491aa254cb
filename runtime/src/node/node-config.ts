import type { PackageCache } from '@pocketnet/daml-lf';
import type { Clock, JournalHistory, Package } from '@pocketnet/ledger';
import type { DevnetConfig } from '../devnet/start-devnet.ts';
import type { NodeLedger } from '../scale-out/node-ledger.ts';
import type { ScanOptions } from '../scan/create-scan.ts';
import type { SpliceDarSet } from '../splice-dars/splice-dar-set.ts';
import type { ValidatorAppConfig } from '../validator-apps/create-validator-app.ts';

export type NodeConfig = {
  /** Where the file journal lives; null keeps everything in memory (`--ephemeral`). */
  readonly dataDir: string | null;
  readonly clock: Clock;
  readonly participantName: string;
  /**
   * Further participants on the synchronizer, beside `participantName`'s (LocalNet's app-provider
   * and app-user, issue 22); none when absent.
   */
  readonly participants?: readonly string[];
  /**
   * A validator app on further participants (LocalNet's app-provider and app-user): an operator
   * party, wallet users and automations of its own; none when absent.
   */
  readonly validatorApps?: readonly ValidatorAppConfig[];
  readonly synchronizerName: string;
  /**
   * `--synchronizers global,app1`: the synchronizers the node hosts, `global` standing for the
   * global one (named `synchronizerName`); the global one alone when absent (issue 10).
   */
  readonly synchronizers?: readonly string[];
  /** The version `/v2/version` reports; clients pick their dialect from it. */
  readonly ledgerApiVersion: string;
  /** Template packages to run; the example package is always loaded beside them. */
  readonly packages?: readonly Package[];
  /** A devnet (DSO, rounds, the validator's wallet) on an empty journal; null for a bare ledger. */
  readonly devnet?: DevnetConfig | null;
  /** `--splice-dars`: Splice's own DARs, uploaded on start (issue 21); none by default. */
  readonly spliceDars?: SpliceDarSet | null;
  /**
   * Decoded and checked Daml-LF packages, by id, shared with the other nodes of the process
   * (`createPackageCache`, one per composition root): a second node's upload of the same DARs
   * reuses the first's work. A node without one keeps its own.
   */
  readonly packageCache?: PackageCache;
  /**
   * Where failures of background work (rounds, the actors' timers, the wallet apps' due work,
   * transfer commands) go; they never stop the node, and are never dropped.
   */
  readonly onBackgroundError: (error: unknown) => void;
  /** Scan's settings (ACS snapshot interval, bulk storage). */
  readonly scan?: ScanOptions;
  /** Scale-out (issue 12): the journal, and on a replica the engine, instead of `dataDir`'s. */
  readonly ledger?: NodeLedger;
  /**
   * `--load-state` (issue 23): the holders' saved sections, restored instead of replaying the
   * journal, which already holds `history`.
   */
  readonly restore?: NodeRestore;
};

export type NodeRestore = {
  /** Each state section's saved state, by name (state-sections.ts). */
  readonly sections: Readonly<Record<string, unknown>>;
  readonly history: JournalHistory;
  /**
   * Restores only the sections `sections` names, leaving the others' holders empty, and starts
   * no background work: for a test of some holders' sections while others have none yet, never
   * for a node that serves.
   */
  readonly partial?: boolean;
};

export const defaultLedgerApiVersion = '3.4.12';
