import type { TransactionRecord } from '@pocketnet/ledger';
import type { DevnetControls } from '../devnet/devnet-controls.service.ts';
import type { DevnetParties } from '../devnet/devnet-parties.ts';
import type { Commands } from '../services/commands.service.ts';
import type { Completions } from '../services/completions.service.ts';
import type { ContractLookups } from '../services/contract-lookups.service.ts';
import type { ExternalParties } from '../services/external-parties.service.ts';
import type { InteractiveSubmission } from '../services/interactive-submission.service.ts';
import type { LedgerReads } from '../services/ledger-reads.service.ts';
import type { PackageAdmin } from '../services/package-admin.service.ts';
import type { ParticipantAdmin } from '../services/participant-admin.service.ts';
import type { Reassignments } from '../synchronizers/reassignments.service.ts';
import type { ControllableClock } from '../time/controllable-clock.ts';
import type { EventFilter } from '../views/event-filter.ts';
import type { TemplateCatalog } from '../views/template-catalog.ts';
import type { TransactionShape, TransactionView } from '../views/transaction-view.ts';

/** The devnet a node runs (its SV's parties and the controls of its time, rounds and taps). */
export interface DevnetService {
  readonly parties: DevnetParties;
  readonly controls: DevnetControls;
}

/**
 * A participant's JSON Ledger API as the gateway relies on it (`/v2/*`, its WebSockets, the
 * devnet's and the wallet UI's routes, GraphQL's reads and commands): that participant's
 * services over the node's catalog, clock and devnet, without the apps (wallet, scan,
 * automations) built over the ledger. The node serves its first participant's; LocalNet's
 * further participants each serve their own (`nodeOfParticipant`).
 */
export interface LedgerApiService {
  readonly identity: {
    readonly participantId: string;
    readonly synchronizerId: string;
    readonly synchronizerAlias: string;
  };
  /** The Canton version `/v2/version` reports. */
  readonly ledgerApiVersion: string;
  readonly clock: ControllableClock;
  /** Null on a bare ledger. */
  readonly devnet: DevnetService | null;
  readonly catalog: TemplateCatalog;
  readonly commands: Commands;
  readonly externalParties: ExternalParties;
  readonly reads: LedgerReads;
  readonly completions: Completions;
  readonly lookups: ContractLookups;
  readonly admin: ParticipantAdmin;
  readonly reassignments: Reassignments;
  readonly packageAdmin: PackageAdmin;
  readonly views: {
    /** A committed transaction as `filter`'s parties see it, in `shape`; null if none of it. */
    transaction(
      record: TransactionRecord,
      filter: EventFilter,
      shape: TransactionShape,
    ): TransactionView | null;
  };
  readonly interactive: InteractiveSubmission;
}
