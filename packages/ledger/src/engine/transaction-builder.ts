import { formatMicros } from '../clock.ts';
import type { SubmitRequest } from '../commands.ts';
import { createContractId, createUpdateId, createUpdateSeed } from '../ids/ledger-ids.ts';
import { interpret } from '../interpreter/interpret.ts';
import type { PackageRegistry } from '../packages/registry.ts';
import { requireVetted } from '../participant/package-vetting.ts';
import type { RejectionRecord, TransactionRecord } from '../transaction.ts';
import { duplicateCommandMessage } from './deduplication.ts';
import type { EngineState } from './engine-state.ts';
import { laterOf } from './timestamps.ts';

export type TransactionContext = {
  readonly state: EngineState;
  readonly packages: PackageRegistry;
  readonly participantId: string;
  readonly synchronizerId: string;
};

function submissionOf(request: SubmitRequest) {
  const { userId, commandId, actAs, submissionId, workflowId } = request;
  return { userId, commandId, actAs, submissionId, workflowId };
}

/**
 * Interprets the submission against the current state (synchronously: nothing can change in
 * between) and builds the transaction that would commit at the next offset. Ids derive from
 * a seed over participant, offset and submission, so they are reproducible.
 */
export function buildTransaction(
  context: TransactionContext,
  request: SubmitRequest,
  recordMicros: bigint,
): TransactionRecord {
  const { state } = context;
  const offset = state.lastOffset + 1;
  const ledgerMicros = laterOf(request.minLedgerTimeMicros ?? 0n, recordMicros);
  const seed = createUpdateSeed({
    participantId: context.participantId,
    offset,
    discriminator: JSON.stringify([request.userId, request.commandId, request.submissionId]),
  });
  const result = interpret({
    packages: context.packages,
    contracts: state.contracts,
    commands: request.commands,
    actAs: request.actAs,
    readAs: request.readAs,
    disclosed: request.disclosedContracts,
    ledgerTimeMicros: ledgerMicros,
    newContractId: (nodeId) => createContractId(seed, nodeId),
    isKnownParty: (party) => state.participant.parties.has(party),
  });
  requireVetted(
    state.participant,
    new Set(result.nodes.map((node) => node.templateId.split(':')[0] ?? '')),
  );
  return {
    type: 'transaction',
    offset,
    updateId: createUpdateId(seed),
    synchronizerId: context.synchronizerId,
    effectiveAt: formatMicros(ledgerMicros),
    recordTime: formatMicros(recordMicros),
    workflowId: request.workflowId,
    submission: submissionOf(request),
    nodes: result.nodes,
    rootNodeIds: result.rootNodeIds,
  };
}

/** The completion of an asynchronous submission that turned out to be a duplicate. */
export function buildDuplicateRejection(
  context: TransactionContext,
  request: SubmitRequest,
  recordMicros: bigint,
): RejectionRecord {
  // Canton's status message: code, category (10: resource exists) and correlation id, then cause.
  const correlationId = request.submissionId.slice(0, 8) || '0';
  return {
    type: 'rejection',
    offset: context.state.lastOffset + 1,
    recordTime: formatMicros(recordMicros),
    synchronizerId: context.synchronizerId,
    submission: submissionOf(request),
    status: {
      code: 'DUPLICATE_COMMAND',
      message: `DUPLICATE_COMMAND(10,${correlationId}): ${duplicateCommandMessage}`,
      grpcCode: 6,
    },
  };
}
