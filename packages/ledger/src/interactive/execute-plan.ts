import type { Command } from '../commands.ts';
import { duplicateCommand } from '../engine/deduplication.ts';
import { DomainError, isDomainError } from '../errors.ts';
import { createContractId, createUpdateId, createUpdateSeed } from '../ids/ledger-ids.ts';
import { interpret } from '../interpreter/interpret.ts';
import type { RejectionRecord, TransactionRecord } from '../transaction.ts';
import { executionLedgerTime } from './execution-time.ts';
import { hashTransactionV2 } from './hashing-v2.ts';
import { inactiveContracts, invalid } from './interactive-errors.ts';
import type { PlannedCommit, PlannedCommitContext } from './planned-commit.ts';
import { transactionSeed } from './prepare.ts';
import type { ProtoPreparedTransaction } from './prepared-proto.ts';
import { damlTransactionOf } from './prepared-transaction.ts';
import { disclosedInputsOf } from './root-command.ts';

export type ExecutionInput = {
  readonly prepared: ProtoPreparedTransaction;
  /** Its hash (hex), as the parties signed it. */
  readonly hash: string;
  readonly command: Command;
  readonly actAs: readonly string[];
  readonly userId: string;
  readonly submissionId: string;
  /** `wait`: a verdict is thrown; `async`: it is committed as the completion's rejection. */
  readonly mode: 'wait' | 'async';
  /** Prepared transactions already executed, by UUID; execution adds its own. */
  readonly executed: { has(uuid: string): boolean; add(uuid: string): void };
  /** The execute request's minimum ledger time (Canton's `min_ledger_time`), if any. */
  readonly minLedgerTimeMicros?: bigint | null;
};

// Category and gRPC status of each verdict, for the completion's status message.
const statusOf: Readonly<Record<string, readonly [number, number]>> = {
  DUPLICATE_COMMAND: [10, 6],
  LOCAL_VERDICT_INACTIVE_CONTRACTS: [11, 5],
  LOCAL_VERDICT_PREPARATION_TIME_OUT_OF_BOUND: [9, 9],
  LOCAL_VERDICT_LEDGER_TIME_OUT_OF_BOUND: [2, 10],
  NOT_SEQUENCED_TIMEOUT: [2, 10],
  INVALID_ARGUMENT: [8, 3],
};

function rejection(
  input: ExecutionInput,
  context: PlannedCommitContext,
  error: DomainError,
): RejectionRecord {
  const [category, grpcCode] = statusOf[error.code] ?? [9, 9];
  const correlationId = input.submissionId.slice(0, 8) || '0';
  return {
    type: 'rejection',
    offset: context.offset,
    recordTime: context.formatTime(context.recordMicros),
    synchronizerId: context.synchronizerId,
    submission: submissionOf(input, context),
    status: {
      code: error.code,
      message: `${error.code}(${category},${correlationId}): ${error.message}`,
      grpcCode,
    },
  };
}

function submissionOf(input: ExecutionInput, context: PlannedCommitContext) {
  const commandId = input.prepared.metadata?.submitterInfo?.commandId ?? '';
  return {
    userId: input.userId,
    commandId,
    actAs: context.state.partyLists(input.actAs),
    submissionId: input.submissionId,
    workflowId: '',
  };
}

function reinterpret(input: ExecutionInput, context: PlannedCommitContext, ledgerMicros: bigint) {
  const uuid = input.prepared.metadata?.transactionUuid ?? '';
  const seed = transactionSeed(uuid);
  const { state } = context;
  try {
    const result = interpret({
      packages: context.packages,
      contracts: state.contracts,
      commands: [input.command],
      actAs: input.actAs,
      readAs: [],
      disclosed: disclosedInputsOf(input.prepared.metadata ?? {}),
      ledgerTimeMicros: ledgerMicros,
      newContractId: (nodeId) => createContractId(seed, nodeId),
      isKnownParty: (party) => state.participant.parties.has(party),
      shareParties: state.partyLists,
    });
    return { result, seed, uuid };
  } catch (error) {
    if (isDomainError(error) && error.code === 'CONTRACT_NOT_FOUND') {
      throw inactiveContracts([error.details.contractId ?? '']);
    }
    throw error;
  }
}

function executed(input: ExecutionInput, context: PlannedCommitContext): TransactionRecord {
  if (context.duplicate !== null) throw duplicateCommand(context.duplicate, context.change);
  const metadata = input.prepared.metadata ?? {};
  const uuid = metadata.transactionUuid ?? '';
  if (input.executed.has(uuid)) {
    throw new DomainError(
      'DUPLICATE_COMMAND',
      `The prepared transaction ${uuid} has already been executed`,
      { details: { transaction_uuid: uuid } },
    );
  }
  const ledgerMicros = executionLedgerTime({
    metadata,
    recordMicros: context.recordMicros,
    clockMicros: context.clockMicros,
    minLedgerTimeMicros: input.minLedgerTimeMicros ?? null,
    formatTime: context.formatTime,
  });
  const { result, seed } = reinterpret(input, context, ledgerMicros);
  const rebuilt = damlTransactionOf({
    packages: context.packages,
    nodes: result.nodes,
    rootNodeIds: result.rootNodeIds,
    seed,
  });
  if (!hashTransactionV2(rebuilt).equals(hashTransactionV2(input.prepared.transaction ?? {}))) {
    throw invalid(
      'LOCAL_VERDICT_FAILED_MODEL_CONFORMANCE_CHECK: the prepared transaction is not what its command does on the ledger now; prepare it again',
    );
  }
  input.executed.add(uuid);
  const { formatTime } = context;
  const discriminator = JSON.stringify(['external', uuid]);
  const updateSeed = createUpdateSeed({
    participantId: context.participantId,
    offset: context.offset,
    discriminator,
  });
  const recordTime = formatTime(context.recordMicros);
  return {
    type: 'transaction',
    offset: context.offset,
    updateId: createUpdateId(updateSeed),
    synchronizerId: context.synchronizerId,
    effectiveAt: ledgerMicros === context.recordMicros ? recordTime : formatTime(ledgerMicros),
    recordTime,
    workflowId: '',
    submission: submissionOf(input, context),
    nodes: result.nodes,
    rootNodeIds: result.rootNodeIds,
    external: { transactionHash: input.hash, transactionUuid: uuid },
  };
}

/**
 * The commit of a prepared transaction whose signatures were verified: pick its ledger time
 * (now, moved into the signed ledger time bounds), re-interpret its root command at that time
 * against the ledger as it is now and commit exactly that if it is what was signed; otherwise
 * the verdict (inactive contracts, time bounds, duplicate, changed outcome), thrown or, for the
 * asynchronous execute, committed as a failed completion.
 */
export function planExecution(
  input: ExecutionInput,
): PlannedCommit<TransactionRecord | RejectionRecord> {
  return (context) => {
    try {
      return executed(input, context);
    } catch (error) {
      if (input.mode === 'wait' || !isDomainError(error)) throw error;
      return rejection(input, context, error);
    }
  };
}
