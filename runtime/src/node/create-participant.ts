import {
  createExternalPartyOperations,
  createInteractiveSubmissions,
  identityProviderByIssuer,
  type JournalRecord,
  type LedgerEngine,
  type PackageRegistry,
  type UndoLog,
} from '@pocketnet/ledger';
import type { Observable } from 'rxjs';
import type { ActiveContracts } from '../projections/active-contracts.projection.ts';
import type { ContractEventsIndex } from '../projections/contract-events.projection.ts';
import { createParticipantProjection } from '../projections/participant.projection.ts';
import type { UpdateLog } from '../projections/update-log.projection.ts';
import { createCommands } from '../services/commands.service.ts';
import { createCompletions } from '../services/completions.service.ts';
import { createContractLookups } from '../services/contract-lookups.service.ts';
import { createExternalParties } from '../services/external-parties.service.ts';
import { createInteractiveSubmission } from '../services/interactive-submission.service.ts';
import { createLedgerReads } from '../services/ledger-reads.service.ts';
import type { LfPackageStore } from '../services/lf-package-store.ts';
import { createPackageAdmin } from '../services/package-admin.service.ts';
import { createParticipantAdmin } from '../services/participant-admin.service.ts';
import { createReassignments } from '../synchronizers/reassignments.service.ts';
import type { Synchronizers } from '../synchronizers/synchronizers.projection.ts';
import type { ControllableClock } from '../time/controllable-clock.ts';
import { createTemplateCatalog } from '../views/create-template-catalog.ts';
import { type EventFilter, hostedOn } from '../views/event-filter.ts';
import type { TemplateCatalog } from '../views/template-catalog.ts';
import { type TransactionShape, viewTransaction } from '../views/transaction-view.ts';
import type { PocketnetNode } from './create-node.ts';
import { participantRecords } from './participant-records.ts';

/** What every participant on the synchronizer shares: one journal's projections and packages. */
export type SynchronizerShared = {
  readonly synchronizer: { readonly id: string; readonly alias: string };
  readonly synchronizers: Synchronizers;
  readonly clock: ControllableClock;
  readonly packages: PackageRegistry;
  readonly lfPackages: LfPackageStore;
  readonly records$: Observable<JournalRecord>;
  readonly updateLog: UpdateLog;
  readonly contractEvents: ContractEventsIndex;
  readonly activeContracts: ActiveContracts;
  readonly undo: UndoLog;
};

/**
 * One participant's projection and Ledger API services over the synchronizer's shared ones. Built
 * before the journal's replay, so its projection sees all of history. `alone`: the only
 * participant, whose reads need no hosting check (every party of its ledger is its own).
 */
export function createParticipant(
  shared: SynchronizerShared,
  engine: LedgerEngine,
  options: { readonly isFirst: boolean; readonly alone: boolean },
) {
  const { synchronizer, synchronizers, records$, updateLog } = shared;
  const projection = createParticipantProjection(
    engine.participant.participantId,
    options.isFirst,
    shared.undo,
  );
  const participant = projection.state;
  // `#name` references resolve among this participant's own packages, as its vetting selects.
  const catalog: TemplateCatalog = createTemplateCatalog(
    shared.packages,
    () => participant.vetting.unvetted,
    () => participant.vetting.elsewhere,
  );
  const hosts = options.alone
    ? null
    : (party: string) => participant.parties.get(party)?.isLocal === true;
  // Externally signed submissions remember, from the whole journal, what they executed.
  const interactive = createInteractiveSubmission({
    participant,
    records$,
    undo: shared.undo,
    operations: createInteractiveSubmissions({
      engine,
      synchronizerId: synchronizer.id,
      clock: shared.clock,
      undo: shared.undo,
    }),
  });
  const externalPartyOperations = createExternalPartyOperations({
    engine,
    synchronizerId: synchronizer.id,
  });
  return {
    /** Applies a record to the participant's own projection (the node's bus calls it first). */
    apply: projection.apply,
    participant,
    catalog,
    /** The records as this participant sees them: what its hosted parties witness. */
    records$: participantRecords(records$, hosts),
    engine,
    interactive,
    externalPartyOperations,
    commands: createCommands({ participant, writer: engine, synchronizers }),
    externalParties: createExternalParties({ participant, operations: externalPartyOperations }),
    reads: createLedgerReads({
      participant,
      updateLog,
      activeContracts: shared.activeContracts,
      catalog,
      synchronizer,
      synchronizers,
      hosts,
    }),
    completions: createCompletions({ participant, updateLog, hosts }),
    lookups: createContractLookups({
      participant,
      contractEvents: shared.contractEvents,
      catalog,
      hosts,
    }),
    admin: createParticipantAdmin({ participant, writer: engine, synchronizers }),
    reassignments: createReassignments({ participant, writer: engine, catalog, hosts }),
    packageAdmin: createPackageAdmin({
      participant,
      packages: shared.packages,
      lfPackages: shared.lfPackages,
      synchronizerId: synchronizer.id,
      synchronizerIds: synchronizers.ids,
      writer: engine,
    }),
    views: {
      transaction: (
        ...args: [Parameters<typeof viewTransaction>[0], EventFilter, TransactionShape]
      ) => viewTransaction(args[0], hostedOn(args[1], hosts), args[2], catalog),
    },
    /** The identity provider that issues tokens with this `iss`, for the gateway's verifier. */
    identityProviderForIssuer: (issuer: string) => identityProviderByIssuer(participant, issuer),
    close() {
      interactive.close();
    },
  };
}

export type ParticipantNode = ReturnType<typeof createParticipant>;

/** A participant's Ledger API services, as the node offers its first participant's. */
export const ledgerApiOf = (participant: ParticipantNode) => ({
  participant: participant.participant,
  commands: participant.commands,
  externalParties: participant.externalParties,
  reads: participant.reads,
  completions: participant.completions,
  lookups: participant.lookups,
  admin: participant.admin,
  reassignments: participant.reassignments,
  packageAdmin: participant.packageAdmin,
  views: participant.views,
  identityProviderForIssuer: participant.identityProviderForIssuer,
});

/**
 * The node as one of its participants' Ledger API serves it: that participant's id, users,
 * parties and services over the synchronizer the node runs (scan, clock, packages shared).
 */
export function nodeOfParticipant(
  node: PocketnetNode,
  participant: ParticipantNode,
): PocketnetNode {
  const { participantId } = participant.participant;
  return {
    ...node,
    ...ledgerApiOf(participant),
    catalog: participant.catalog,
    identity: { ...node.identity, participantId },
    interactive: participant.interactive,
  };
}
