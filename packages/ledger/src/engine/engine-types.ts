import type { Clock } from '../clock.ts';
import type { SubmitRequest } from '../commands.ts';
import type { ActiveContract, ContractStore } from '../contract.ts';
import type { PlannedCommit } from '../interactive/planned-commit.ts';
import type { Journal } from '../journal.ts';
import type { PackageRegistry } from '../packages/registry.ts';
import type { ParticipantState } from '../participant/participant-state.ts';
import type {
  ReassignmentRecord,
  ReassignmentRequest,
} from '../reassignment/reassignment-record.ts';
import type {
  AdminRecord,
  JournalRecord,
  RejectionRecord,
  TopologyRecord,
  TransactionRecord,
} from '../transaction.ts';
import type { UndoLog } from '../undo/undo-log.ts';

export type LedgerEngineDeps = {
  readonly journal: Journal;
  readonly clock: Clock;
  readonly packages: PackageRegistry;
  readonly participantId: string;
  readonly synchronizerId: string;
  /**
   * Every synchronizer the participant is connected to, `synchronizerId` (the default one)
   * first; just that one when absent.
   */
  readonly synchronizerIds?: readonly string[];
  /** Receives every record once it is durable (and every replayed record), in offset order. */
  readonly publish: (record: JournalRecord) => void;
  /** The longest deduplication period a submission may ask for (default 7 days). */
  readonly maxDeduplicationMicros?: bigint;
  /**
   * The node's undo log: the engine's state records its changes there while a snapshot is kept,
   * so a revert rolls it back in place (issue 23). An engine of its own when absent.
   */
  readonly undo?: UndoLog;
};

export type ActiveContractStore = ContractStore & {
  readonly size: number;
  values(): IterableIterator<ActiveContract>;
  /** Offset of the transaction that created an active contract. */
  createdOffsetOf(contractId: string): number | undefined;
};

export type LedgerEngine = {
  /** Replays the journal into the engine's state, publishing every record; run once, first. */
  recover(): Promise<void>;
  /**
   * Instead of `recover`, once every state section was restored from a state file (issue 23):
   * the engine takes the restored state as its journal's replay and is ready; run once, first.
   */
  restored(): void;
  /** Commits a submission and resolves with its transaction once durable and published. */
  submit(request: SubmitRequest): Promise<TransactionRecord>;
  /**
   * Canton's asynchronous submit: errors found before commit are thrown to the caller as by
   * submit, but a duplicate is committed as a DUPLICATE_COMMAND rejection (a failed
   * completion). Resolves once the transaction or rejection is durable and published.
   */
  submitAsync(request: SubmitRequest): Promise<void>;
  /**
   * Commits the topology record a plan builds inside the writer's critical section, at the
   * offset and with the update id it is given. A plan may throw a DomainError: nothing is written.
   */
  commitTopology<TRecord extends TopologyRecord>(
    plan: (
      state: ParticipantState,
      offset: number,
      updateId: string,
      recordTime: string,
    ) => TRecord,
  ): Promise<TRecord>;
  /**
   * Commits an externally signed submission (interactive/): the request is admitted as an
   * external one (its submitters must be external parties; deduplication as for submit), then
   * the plan builds, in the critical section, the transaction or rejection to commit.
   */
  commitPlanned<TRecord extends TransactionRecord | RejectionRecord>(
    request: SubmitRequest,
    plan: PlannedCommit<TRecord>,
  ): Promise<TRecord>;
  /** As commitTopology, for participant-local administrative records (no offset). */
  commitAdmin<TRecord extends AdminRecord>(
    plan: (state: ParticipantState, recordTime: string) => TRecord,
  ): Promise<TRecord>;
  /**
   * Commits a reassignment (an unassignment or an assignment, reassignment/) and resolves with
   * it once durable and published. Errors are thrown before anything is written.
   */
  submitReassignment(request: ReassignmentRequest): Promise<ReassignmentRecord>;
  /** The last published offset, 0 for an empty ledger. */
  ledgerEnd(): number;
  readonly participant: ParticipantState;
  readonly contracts: ActiveContractStore;
  readonly packages: PackageRegistry;
};

/**
 * The synchronizer's single writer, as its first participant's engine, to which further
 * participants join (LocalNet's three validators): each gets an engine of its own over the
 * same journal, contracts and offsets. `recover` runs once, after every participant joined.
 */
export type SynchronizerEngine = LedgerEngine & {
  addParticipant(participantId: string): LedgerEngine;
};
