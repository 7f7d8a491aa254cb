import type { SubmitRequest } from '../commands.ts';
import type { ContractStore } from '../contract.ts';
import { createContractId, createUpdateId, createUpdateSeed } from '../ids/ledger-ids.ts';
import { interpret } from '../interpreter/interpret.ts';
import type { PackageRegistry } from '../packages/registry.ts';
import { requireVetted } from '../participant/package-vetting.ts';
import { contractsOn, routeTransaction } from '../reassignment/contract-routing.ts';
import type { RejectionRecord, TransactionNode, TransactionRecord } from '../transaction.ts';
import type { CommitTimes } from './commit-times.ts';
import { duplicateCommandMessage } from './deduplication.ts';
import type { EngineState } from './engine-state.ts';
import { laterOf } from './timestamps.ts';

export type TransactionContext = {
  readonly state: EngineState;
  readonly packages: PackageRegistry;
  readonly participantId: string;
  readonly synchronizerId: string;
  /** Every synchronizer connected, the default first (reassignment/); just that one when absent. */
  readonly connected?: readonly string[];
  /** Renders record times (a createTimeFormatter, which remembers the last second). */
  readonly formatTime: (micros: bigint) => string;
};

function submissionOf(request: SubmitRequest, state: EngineState) {
  const { userId, commandId, submissionId, workflowId } = request;
  return { userId, commandId, actAs: state.partyLists(request.actAs), submissionId, workflowId };
}

/**
 * Interprets the submission against the current state (synchronously: nothing can change in
 * between) and builds the transaction that would commit at the next offset. Ids derive from
 * a seed over participant, offset and submission, so they are reproducible. Its ledger time is
 * the clock's (or the requested minimum), not the record time: that one may have been moved
 * forward past an earlier record of the same microsecond.
 */
export function buildTransaction(
  context: TransactionContext,
  request: SubmitRequest,
  at: CommitTimes,
): TransactionRecord {
  const { state } = context;
  const { recordMicros } = at;
  const offset = state.lastOffset + 1;
  const ledgerMicros = laterOf(request.minLedgerTimeMicros ?? 0n, at.clockMicros);
  // Usually one instant: formatted once, and the record and its nodes share the string.
  const { formatTime } = context;
  const recordTime = formatTime(recordMicros);
  const effectiveAt = ledgerMicros === recordMicros ? recordTime : formatTime(ledgerMicros);
  const seed = createUpdateSeed({
    participantId: context.participantId,
    offset,
    discriminator: JSON.stringify([request.userId, request.commandId, request.submissionId]),
  });
  const { synchronizerId, contracts } = routed(context, request);
  const result = interpretSubmission(context, request, {
    ledgerMicros,
    effectiveAt,
    seed,
    contracts,
  });
  return {
    type: 'transaction',
    offset,
    updateId: createUpdateId(seed),
    synchronizerId,
    effectiveAt,
    recordTime,
    workflowId: request.workflowId,
    submission: submissionOf(request, state),
    nodes: result.nodes,
    rootNodeIds: result.rootNodeIds,
  };
}

/**
 * The synchronizer a submission goes to and the contracts it may use there; on a single
 * synchronizer (nothing ever reassigned) that is the one synchronizer and every contract.
 */
function routed(context: TransactionContext, request: SubmitRequest) {
  const { state } = context;
  const connected = context.connected ?? [context.synchronizerId];
  if (connected.length === 1 && state.synchronizers.tracked === 0) {
    return { synchronizerId: context.synchronizerId, contracts: state.contracts };
  }
  const routing = { synchronizers: state.synchronizers, connected };
  const synchronizerId = routeTransaction(routing, request);
  const prescribed = Boolean(request.synchronizerId);
  const contracts = contractsOn(state.contracts, { ...routing, prescribed }, synchronizerId);
  return { synchronizerId, contracts };
}

function interpretSubmission(
  context: TransactionContext,
  request: SubmitRequest,
  at: {
    readonly ledgerMicros: bigint;
    readonly effectiveAt: string;
    readonly seed: string;
    readonly contracts: ContractStore;
  },
) {
  const { state } = context;
  const result = interpret({
    packages: context.packages,
    selection: {
      preferred: request.packageIdSelectionPreference ?? [],
      unvetted: state.participant.vetting.unvetted,
      absent: state.participant.vetting.elsewhere,
    },
    contracts: at.contracts,
    commands: request.commands,
    actAs: request.actAs,
    readAs: request.readAs,
    disclosed: request.disclosedContracts,
    ledgerTimeMicros: at.ledgerMicros,
    ledgerTime: at.effectiveAt,
    newContractId: (nodeId) => createContractId(at.seed, nodeId),
    isKnownParty: (party) => state.participant.parties.has(party),
    shareParties: state.partyLists,
  });
  // Nothing to look at while every package is vetted, as is usual.
  if (state.participant.vetting.unvetted.size > 0) {
    requireVetted(state.participant, packageIdsOf(result.nodes));
  }
  requireVettedByInformees(state, result.nodes);
  return result;
}

/**
 * As Canton, every participant that hosts a party seeing a node must vet that node's package:
 * a package uploaded to one participant cannot reach parties of another that lacks it.
 */
function requireVettedByInformees(state: EngineState, nodes: readonly TransactionNode[]): void {
  for (const other of state.participants.values()) {
    if (other === state.participant || other.vetting.unvetted.size === 0) continue;
    const seen = nodes.filter((node) =>
      node.witnesses.some((party) => other.parties.get(party)?.isLocal === true),
    );
    if (seen.length > 0) requireVetted(other, packageIdsOf(seen));
  }
}

function packageIdsOf(nodes: readonly TransactionNode[]): Set<string> {
  const packageIds = new Set<string>();
  for (const { templateId } of nodes) {
    const colon = templateId.indexOf(':');
    packageIds.add(colon < 0 ? templateId : templateId.slice(0, colon));
  }
  return packageIds;
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
    recordTime: context.formatTime(recordMicros),
    synchronizerId: context.synchronizerId,
    submission: submissionOf(request, context.state),
    status: {
      code: 'DUPLICATE_COMMAND',
      message: `DUPLICATE_COMMAND(10,${correlationId}): ${duplicateCommandMessage}`,
      grpcCode: 6,
    },
  };
}
