import { expect } from 'vitest';
import { createUser, json } from './ledger-fixtures.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import { scanOk } from './scan-history-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

/** A devnet node on the global synchronizer and app1, with a user acting as the DSO. */
export type MultiSyncNode = {
  readonly node: TestNode;
  readonly globalId: string;
  readonly app1: string;
  readonly dso: string;
  readonly operator: string;
  /** A user acting as the DSO (the rounds' signatory). */
  readonly dsoUser: string;
};

export async function startMultiSyncNode(
  options: { readonly dataDir?: string; readonly createUser?: boolean } = {},
): Promise<MultiSyncNode> {
  const node = await startTestNode({
    devnet: true,
    synchronizers: ['global', 'app1'],
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
  const parties = node.node.devnet?.parties;
  const [global, app1] = node.node.synchronizers.list;
  if (!parties || !global || !app1) throw new Error('a devnet on two synchronizers was expected');
  if (options.createUser !== false) await createUser(node, 'dso-user', [parties.dso]);
  return {
    node,
    globalId: global.id,
    app1: app1.id,
    dso: parties.dso,
    operator: parties.validatorOperator,
    dsoUser: 'dso-user',
  };
}

let counter = 0;

export type ReassignmentJson = {
  updateId: string;
  offset: number;
  commandId?: string;
  recordTime: string;
  synchronizerId: string;
  events: Array<{
    JsUnassignedEvent?: { value: Record<string, unknown> & { reassignmentId: string } };
    JsAssignmentEvent?: Record<string, unknown> & {
      reassignmentId: string;
      reassignmentCounter: number;
      createdEvent: Record<string, unknown>;
    };
  }>;
};

/** A ReassignmentCommands body of one command. */
export function reassignmentCommands(submitter: string, command: Record<string, unknown>) {
  counter += 1;
  return { commandId: `reassign-${counter}`, submitter, commands: [{ command }] };
}

export const unassignCommand = (contractId: string, source: string, target: string) => ({
  UnassignCommand: { value: { contractId, source, target } },
});

export const assignCommand = (reassignmentId: string, source: string, target: string) => ({
  AssignCommand: { value: { reassignmentId, source, target } },
});

/** submit-and-wait-for-reassignment as `user`, the events shown to `submitter`; checked against the spec. */
export async function reassign(
  net: MultiSyncNode,
  request: { user: string; submitter: string; command: Record<string, unknown> },
): Promise<ReassignmentJson> {
  const body = {
    reassignmentCommands: reassignmentCommands(request.submitter, request.command),
    eventFormat: { filtersByParty: { [request.submitter]: {} } },
  };
  const response = await net.node.call('/v2/commands/submit-and-wait-for-reassignment', {
    user: request.user,
    body,
  });
  const answer = await json<{ reassignment: ReassignmentJson }>(response);
  const path = '/v2/commands/submit-and-wait-for-reassignment';
  expectMatchesSpec({ spec: 'ledger', method: 'post', path, status: 200, body: answer });
  return answer.reassignment;
}

type RoundEntry = { contract?: { contract_id: string }; domain_id?: string };

/** Scan's mining-round cache, as a wallet asks for it with nothing cached. */
export async function openRounds(net: MultiSyncNode): Promise<Record<string, RoundEntry>> {
  const answer = await scanOk<{ open_mining_rounds: Record<string, RoundEntry> }>(
    net.node,
    '/v0/open-and-issuing-mining-rounds',
    { cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: [] },
  );
  return answer.open_mining_rounds;
}

/** A Ledger API call that must fail with `status` and the Canton error `code`. */
export async function expectCantonError(
  response: Response,
  expected: { status: number; code: string },
): Promise<{ code: string; cause: string }> {
  const body = (await response.json()) as { code: string; cause: string };
  expect({ status: response.status, code: body.code }, body.cause).toEqual(expected);
  return body;
}
