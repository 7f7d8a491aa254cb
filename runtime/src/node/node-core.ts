import type {
  JournalRecord,
  LedgerEngine,
  PackageRegistry,
  ParticipantState,
  UndoLog,
} from '@pocketnet/ledger';
import type { Observable } from 'rxjs';
import type { DevnetParties } from '../devnet/devnet-parties.ts';
import type { ActiveContracts } from '../projections/active-contracts.projection.ts';
import type { ContractEventsIndex } from '../projections/contract-events.projection.ts';
import type { UpdateLog } from '../projections/update-log.projection.ts';
import type { WatchedTemplates } from '../projections/watched-templates.projection.ts';
import type { Synchronizers } from '../synchronizers/synchronizers.projection.ts';
import type { ControllableClock } from '../time/controllable-clock.ts';
import type { TemplateCatalog } from '../views/template-catalog.ts';

/**
 * What every service of the node is built from. Services are created before the journal is
 * replayed, so a service's own projections subscribe to `records$` in time to see all of
 * history; the devnet exists only after the replay, hence `devnetParties()` is asked lazily.
 */
export type PocketnetNodeCore = {
  readonly identity: {
    readonly participantId: string;
    readonly synchronizerId: string;
    readonly synchronizerAlias: string;
  };
  readonly clock: ControllableClock;
  /** Where every state holder records how to take its changes back while a snapshot is kept. */
  readonly undo: UndoLog;
  readonly packages: PackageRegistry;
  readonly catalog: TemplateCatalog;
  readonly records$: Observable<JournalRecord>;
  readonly participant: ParticipantState;
  readonly updateLog: UpdateLog;
  readonly contractEvents: ContractEventsIndex;
  readonly activeContracts: ActiveContracts;
  readonly watched: WatchedTemplates;
  readonly engine: LedgerEngine;
  /** The node's synchronizers: where contracts are, who is hosted where, migrations (issue 10). */
  readonly synchronizers?: Synchronizers;
  /** The devnet's parties (DSO, SV, validator operator), or null on a bare ledger. */
  devnetParties(): DevnetParties | null;
};
