import type {
  AutomationConfig,
  Automations,
  JobRunner,
  ScaleOutSettings,
} from '@pocketnet/automations';
import type { createGateway, RequestLimits, StreamLimits } from '@pocketnet/gateway';
import type { Clock, UndoLog } from '@pocketnet/ledger';
import type { JournalStore, LoadedState, NodeConfig, PocketnetNode } from '@pocketnet/runtime';
import type { Fixture } from '@pocketnet/schema';
import type { Logger } from 'pino';
import type { StatelyInspection } from '../stately-inspection.ts';
import type { LifeServers } from './life-servers.ts';

/** What every life of an embedded node (file or memory journal) is built from. */
export type EmbeddedSetup = {
  readonly node: Omit<NodeConfig, 'dataDir' | 'clock' | 'ledger'>;
  readonly store: JournalStore;
  /** The clock's source; each life reads it from the point it starts at. */
  readonly clock: Clock;
  readonly config: AutomationConfig;
  /**
   * The automations' runner; `scope` names an app validator's (LocalNet's), whose queues must
   * not be the SV's, and is null for the node's own. An in-process runner records its jobs into
   * `undo`, the life's node's, so that a revert in place takes them back too.
   */
  readonly createRunner: (scope: string | null, undo: UndoLog) => Promise<JobRunner>;
  readonly logger: Logger;
  readonly auth: Parameters<typeof createGateway>[0]['auth'];
  readonly streamLimits?: Partial<StreamLimits>;
  /** What one request may ask (upload size, GraphQL mutation fields). */
  readonly requestLimits?: Partial<RequestLimits>;
  readonly settings: ScaleOutSettings;
  readonly servers: LifeServers;
  /**
   * The servers of the node's further participants (`--localnet`: the app-provider's and the
   * app-user's), in the order of `node.participants`: each serves that participant's Ledger API,
   * and its validator app when the node runs one there.
   */
  readonly participantServers?: readonly LifeServers[];
  readonly stately?: StatelyInspection | null;
  /** `--load-state`: the journal starts as the state file's, and the clock at its time. */
  readonly loadState?: LoadedState | null;
  /** `--fixture`: what to create before the node reports ready (after a loaded state). */
  readonly fixture?: Fixture | null;
  /** What else the first life does before the node reports ready (LocalNet's users). */
  readonly beforeReady?: ((node: PocketnetNode) => Promise<void>) | undefined;
  /**
   * How a revert puts the node back: `in place` (the default) rolls its state back with its undo
   * log where the node can (its queues in process); `rebuild` always starts a new life on the
   * cut journal, as before issue 23's undo log (benchmarks compare the two).
   */
  readonly revert?: 'in place' | 'rebuild';
};

/** One life: the node on the journal as it is, its automations and its API on the servers. */
export type EmbeddedLife = {
  readonly node: PocketnetNode;
  readonly automations: Automations;
  /** Whether a revert may roll this life back in place: every queue of it is in process. */
  readonly rollsBack: boolean;
  /** Resolves once every automation of the life has finished what it was triggered to do. */
  settled(): Promise<void>;
  /** Serves the life again on every server (after a revert made in place). */
  serve(): void;
  closeStreams(reason?: string): void;
  close(): Promise<void>;
};
