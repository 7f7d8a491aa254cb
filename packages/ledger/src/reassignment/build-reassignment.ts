import type { ActiveContract, ContractStore } from '../contract.ts';
import { contractNotFound, domainError } from '../errors.ts';
import { sha256Hex } from '../ids/hash.ts';
import { createUpdateId, createUpdateSeed } from '../ids/ledger-ids.ts';
import type { ParticipantState } from '../participant/participant-state.ts';
import type { CreatedNode } from '../transaction.ts';
import { isConnected, type RoutingContext } from './contract-routing.ts';
import type {
  ReassignmentCommand,
  ReassignmentEvent,
  ReassignmentRecord,
  ReassignmentRequest,
} from './reassignment-record.ts';
import { contractInFlight, invalidReassignment, noSynchronizerFor } from './routing-errors.ts';

/** What the writer knows when it builds a reassignment. */
export type ReassignmentContext = RoutingContext & {
  readonly participantId: string;
  readonly participant: ParticipantState;
  readonly contracts: ContractStore;
  readonly offset: number;
  readonly recordTime: string;
};

type Route = {
  readonly kind: 'unassign' | 'assign';
  readonly source: string;
  readonly target: string;
};

function requireField(present: boolean, field: string): void {
  if (!present) {
    throw domainError(
      'MISSING_FIELD',
      `The submitted command is missing a mandatory field: ${field}`,
      {
        field_name: field,
      },
    );
  }
}

/** One kind, one source and one target for every command, as Canton requires of a batch. */
function routeOf(commands: readonly ReassignmentCommand[], context: ReassignmentContext): Route {
  const [first] = commands;
  if (first === undefined) throw domainError('MISSING_FIELD', 'The reassignment has no commands');
  for (const command of commands) {
    if (
      command.kind !== first.kind ||
      command.source !== first.source ||
      command.target !== first.target
    ) {
      throw invalidReassignment(
        'every command of a reassignment must be of one kind, source and target',
      );
    }
  }
  for (const synchronizerId of [first.source, first.target]) {
    if (!isConnected(context, synchronizerId)) {
      throw noSynchronizerFor(
        `the participant is not connected to synchronizer ${synchronizerId}`,
        synchronizerId,
      );
    }
  }
  if (first.source === first.target) {
    throw invalidReassignment('source and target synchronizers are the same');
  }
  return { kind: first.kind, source: first.source, target: first.target };
}

/** The submitter must be a local party hosted on both synchronizers. */
function checkSubmitter(context: ReassignmentContext, submitter: string, route: Route): void {
  const hosts = context.synchronizers.synchronizersOf(submitter);
  if (
    context.participant.parties.get(submitter)?.isLocal !== true ||
    !hosts.has(route.source) ||
    !hosts.has(route.target)
  ) {
    throw noSynchronizerFor(
      `this participant cannot submit for ${submitter} on both ${route.source} and ${route.target}`,
    );
  }
}

const stakeholdersOf = (contract: ActiveContract) => [
  ...new Set([...contract.signatories, ...contract.observers]),
];

const isCreatedNode = (contract: ActiveContract): contract is CreatedNode =>
  (contract as Partial<CreatedNode>).kind === 'created';

/** A contract the submitter may unassign from `source`, and the counter it leaves with. */
function unassignedEvent(
  context: ReassignmentContext,
  request: ReassignmentRequest,
  contractId: string,
  route: Route,
): ReassignmentEvent {
  const contract = context.contracts.lookup(contractId);
  if (contract === undefined || !isCreatedNode(contract)) throw contractNotFound(contractId);
  const stakeholders = stakeholdersOf(contract);
  if (!stakeholders.includes(request.submitter)) {
    throw invalidReassignment(
      `submitter ${request.submitter} is not a stakeholder of contract ${contractId}`,
    );
  }
  const location = context.synchronizers.locationOf(contractId);
  if (location.synchronizerId === null) throw contractInFlight([contractId]);
  if (location.synchronizerId !== route.source) {
    throw invalidReassignment(
      `contract ${contractId} is on synchronizer ${location.synchronizerId}, not on ${route.source}`,
    );
  }
  const unhosted = stakeholders.filter((party) => {
    const hosts = context.synchronizers.synchronizersOf(party);
    return hosts.size > 0 && !hosts.has(route.target);
  });
  if (unhosted.length > 0) {
    throw invalidReassignment(
      `stakeholders ${unhosted.join(', ')} are not hosted on the target synchronizer ${route.target}`,
    );
  }
  return { contractId, reassignmentCounter: location.reassignmentCounter + 1, contract };
}

function unassignedEvents(
  context: ReassignmentContext,
  request: ReassignmentRequest,
  route: Route,
) {
  const contractIds = request.commands.map((command) =>
    command.kind === 'unassign' ? command.contractId : '',
  );
  if (new Set(contractIds).size !== contractIds.length) {
    throw invalidReassignment('a contract is named twice');
  }
  return contractIds.map((contractId) => unassignedEvent(context, request, contractId, route));
}

/** The pending unassignment an assignment completes, with the same contracts and counters. */
function assignedEvents(context: ReassignmentContext, request: ReassignmentRequest, route: Route) {
  const ids = new Set(
    request.commands.map((command) => (command.kind === 'assign' ? command.reassignmentId : '')),
  );
  const [reassignmentId = ''] = ids;
  if (ids.size !== 1) throw invalidReassignment('an assignment completes one unassignment');
  const pending = context.synchronizers.pendingUnassignment(reassignmentId);
  if (pending === undefined) {
    throw invalidReassignment(
      `unknown reassignment id ${reassignmentId}, or it was assigned already`,
    );
  }
  if (pending.source !== route.source || pending.target !== route.target) {
    throw invalidReassignment(
      `reassignment ${reassignmentId} goes from ${pending.source} to ${pending.target}`,
    );
  }
  for (const event of pending.events) {
    if (!stakeholdersOf(event.contract).includes(request.submitter)) {
      throw invalidReassignment(
        `submitter ${request.submitter} is not a stakeholder of contract ${event.contractId}`,
      );
    }
  }
  return { reassignmentId, events: pending.events };
}

/**
 * Checks a reassignment submission against the current state and builds the record that
 * would commit at the next offset; its ids derive from participant, offset and command.
 */
export function buildReassignment(
  context: ReassignmentContext,
  request: ReassignmentRequest,
): ReassignmentRecord {
  requireField(request.commandId !== '', 'command_id');
  requireField(request.userId !== '', 'user_id');
  requireField(request.submitter !== '', 'submitter');
  const route = routeOf(request.commands, context);
  checkSubmitter(context, request.submitter, route);
  const seed = createUpdateSeed({
    participantId: context.participantId,
    offset: context.offset,
    discriminator: JSON.stringify([
      'reassignment',
      request.userId,
      request.commandId,
      request.submissionId,
    ]),
  });
  const moved =
    route.kind === 'unassign'
      ? {
          reassignmentId: sha256Hex(['reassignment-id', seed]),
          events: unassignedEvents(context, request, route),
        }
      : assignedEvents(context, request, route);
  const { userId, commandId, submissionId, workflowId, submitter } = request;
  return {
    type: 'reassignment',
    offset: context.offset,
    updateId: createUpdateId(seed),
    synchronizerId: route.kind === 'unassign' ? route.source : route.target,
    recordTime: context.recordTime,
    workflowId,
    submission: { userId, commandId, actAs: [submitter], submissionId, workflowId },
    kind: route.kind,
    reassignmentId: moved.reassignmentId,
    source: route.source,
    target: route.target,
    submitter,
    events: moved.events,
  };
}
