import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamOverWebSocket } from './ledger-calls.ts';
import { json } from './ledger-fixtures.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import { scanOk, type UpdateItem } from './scan-history-fixtures.ts';
import { spliceIds } from './splice-fixtures.ts';
import {
  assignCommand,
  expectCantonError,
  type MultiSyncNode,
  openRounds,
  type ReassignmentJson,
  reassign,
  startMultiSyncNode,
  unassignCommand,
} from './synchronizers-fixtures.ts';

// A contract moved between the node's two synchronizers through the Ledger API, and read back
// everywhere: the Ledger API's update streams and active contracts, completions, Scan's update
// history and its mining-round cache.

type UpdateJson = { update: { Reassignment?: { value: ReassignmentJson } } };

async function updatesOf(net: MultiSyncNode, body: Record<string, unknown>, path = '/v2/updates') {
  const updates = await json<UpdateJson[]>(await net.node.call(path, { user: net.dsoUser, body }));
  expectMatchesSpec({ spec: 'ledger', method: 'post', path, status: 200, body: updates });
  return updates.flatMap(({ update }) => (update.Reassignment ? [update.Reassignment.value] : []));
}

async function activeRound(net: MultiSyncNode, contractId: string) {
  const eventFormat = {
    filtersByParty: {
      [net.dso]: {
        cumulative: [
          {
            identifierFilter: {
              TemplateFilter: { value: { templateId: spliceIds.openMiningRound } },
            },
          },
        ],
      },
    },
  };
  const ledgerEnd = (await json<{ offset: number }>(await net.node.call('/v2/state/ledger-end')))
    .offset;
  const body = { activeAtOffset: ledgerEnd, eventFormat };
  const path = '/v2/state/active-contracts';
  const entries = await json<Array<{ contractEntry: Record<string, Record<string, unknown>> }>>(
    await net.node.call(path, { user: net.dsoUser, body }),
  );
  expectMatchesSpec({ spec: 'ledger', method: 'post', path, status: 200, body: entries });
  return entries.find(({ contractEntry }) =>
    JSON.stringify(contractEntry).includes(`"contractId":"${contractId}"`),
  )?.contractEntry;
}

describe('reassignment between two synchronizers', () => {
  let net: MultiSyncNode;
  let round = '';
  let unassigned: ReassignmentJson;
  let assigned: ReassignmentJson;

  beforeAll(async () => {
    net = await startMultiSyncNode();
    // The validator's user reads as the DSO, as a wallet's taps need.
    const grant = {
      userId: 'administrator',
      rights: [{ kind: { CanReadAs: { value: { party: net.dso } } } }],
      identityProviderId: '',
    };
    await json(await net.node.call('/v2/users/administrator/rights', { body: grant }));
    const rounds = await openRounds(net);
    round = Object.keys(rounds)[0] ?? '';
    expect(rounds[round]?.domain_id).toBe(net.globalId);
  });
  afterAll(() => net.node.close());

  it('unassigns a round: the counter rises to 1, the round is in flight and unusable', async () => {
    unassigned = await reassign(net, {
      user: net.dsoUser,
      submitter: net.dso,
      command: unassignCommand(round, net.globalId, net.app1),
    });
    const event = unassigned.events[0]?.JsUnassignedEvent?.value;
    expect(unassigned.synchronizerId).toBe(net.globalId);
    expect(unassigned.commandId).toMatch(/^reassign-/);
    expect(event).toMatchObject({
      contractId: round,
      source: net.globalId,
      target: net.app1,
      submitter: net.dso,
      reassignmentCounter: 1,
      offset: unassigned.offset,
      nodeId: 0,
      templateId: expect.stringMatching(/:Splice\.Round:OpenMiningRound$/),
    });
    // Scan's cache: the round is there, on no synchronizer.
    const inFlight = (await openRounds(net))[round];
    expect(inFlight?.contract?.contract_id).toBe(round);
    expect(inFlight).not.toHaveProperty('domain_id');
    // The active contract set shows it as an incomplete unassignment.
    const entry = await activeRound(net, round);
    expect(entry?.JsIncompleteUnassigned?.unassignedEvent).toMatchObject({
      reassignmentId: event?.reassignmentId,
      reassignmentCounter: 1,
    });
    // A tap needs the open round: Canton's routing refuses a contract in flight.
    const tap = {
      commands: [
        {
          ExerciseCommand: {
            templateId: spliceIds.amuletRules,
            contractId: await amuletRulesOf(net),
            choice: 'AmuletRules_DevNet_Tap',
            choiceArgument: { receiver: net.operator, amount: '10.0', openRound: round },
          },
        },
      ],
      commandId: 'tap-in-flight',
      actAs: [net.operator],
      readAs: [net.dso],
      synchronizerId: net.globalId,
    };
    const refused = await net.node.call('/v2/commands/submit-and-wait', {
      user: 'administrator',
      body: tap,
    });
    const error = await expectCantonError(refused, {
      status: 400,
      code: 'UNKNOWN_CONTRACT_SYNCHRONIZERS',
    });
    expect(error.cause).toContain(round);
  });

  it('assigns it on the target with the same unassign id and counter', async () => {
    const reassignmentId = unassigned.events[0]?.JsUnassignedEvent?.value.reassignmentId ?? '';
    assigned = await reassign(net, {
      user: net.dsoUser,
      submitter: net.dso,
      command: assignCommand(reassignmentId, net.globalId, net.app1),
    });
    const event = assigned.events[0]?.JsAssignmentEvent;
    expect(assigned.synchronizerId).toBe(net.app1);
    expect(event).toMatchObject({
      reassignmentId,
      reassignmentCounter: 1,
      source: net.globalId,
      target: net.app1,
      submitter: net.dso,
      createdEvent: { contractId: round, offset: assigned.offset, nodeId: 0 },
    });
    expect((await openRounds(net))[round]?.domain_id).toBe(net.app1);
    const entry = await activeRound(net, round);
    expect(entry?.JsActiveContract).toMatchObject({
      synchronizerId: net.app1,
      reassignmentCounter: 1,
    });
  });

  it('streams both events on /v2/updates, the trees and the completions, at their offsets', async () => {
    const reassignments = { filtersByParty: { [net.dso]: {} } };
    const flat = await updatesOf(net, {
      beginExclusive: unassigned.offset - 1,
      endInclusive: assigned.offset,
      updateFormat: { includeReassignments: reassignments },
    });
    expect(flat.map((update) => [update.offset, update.updateId])).toEqual([
      [unassigned.offset, unassigned.updateId],
      [assigned.offset, assigned.updateId],
    ]);
    // Without includeReassignments, none; the legacy filter includes them.
    const withoutThem = await updatesOf(net, {
      beginExclusive: unassigned.offset - 1,
      endInclusive: assigned.offset,
      updateFormat: { includeTopologyEvents: {} },
    });
    expect(withoutThem).toEqual([]);
    const trees = await updatesOf(
      net,
      {
        beginExclusive: unassigned.offset - 1,
        endInclusive: assigned.offset,
        filter: reassignments,
      },
      '/v2/updates/trees',
    );
    expect(trees.map((update) => update.offset)).toEqual([unassigned.offset, assigned.offset]);
    const overWebSocket = await streamOverWebSocket(net.node, {
      path: '/v2/updates',
      user: net.dsoUser,
      request: {
        beginExclusive: unassigned.offset - 1,
        endInclusive: assigned.offset,
        updateFormat: { includeReassignments: reassignments },
      },
    });
    expect(
      (overWebSocket.messages as UpdateJson[]).map(
        ({ update }) => update.Reassignment?.value.updateId,
      ),
    ).toEqual([unassigned.updateId, assigned.updateId]);
    const completions = await json<
      Array<{ completionResponse: { Completion?: { value: Record<string, unknown> } } }>
    >(
      await net.node.call('/v2/commands/completions', {
        user: net.dsoUser,
        body: { userId: net.dsoUser, parties: [net.dso], beginExclusive: unassigned.offset - 1 },
      }),
    );
    const completed = completions.flatMap(({ completionResponse }) =>
      completionResponse.Completion ? [completionResponse.Completion.value] : [],
    );
    expect(completed.map((completion) => completion.updateId)).toEqual(
      expect.arrayContaining([unassigned.updateId, assigned.updateId]),
    );
  });

  it('shows both in Scan’s update history, in Splice’s reassignment shapes', async () => {
    const page = await scanOk<{
      transactions: Array<UpdateItem & { event?: Record<string, unknown> }>;
    }>(net.node, '/v2/updates', { page_size: 1000 });
    const items = page.transactions.filter((item) => item.event !== undefined);
    expect(items.map((item) => item.update_id)).toEqual([unassigned.updateId, assigned.updateId]);
    const reassignmentId = unassigned.events[0]?.JsUnassignedEvent?.value.reassignmentId;
    expect(items[0]).toMatchObject({
      offset: `00${unassigned.offset.toString(16).padStart(16, '0')}`,
      event: {
        submitter: net.dso,
        source_synchronizer: net.globalId,
        target_synchronizer: net.app1,
        migration_id: 0,
        unassign_id: reassignmentId,
        reassignment_counter: 1,
        contract_id: round,
      },
    });
    expect(items[1]?.event).toMatchObject({
      unassign_id: reassignmentId,
      reassignment_counter: 1,
      migration_id: 0,
      created_event: { contract_id: round, template_id: expect.stringMatching(/OpenMiningRound$/) },
    });
    const byId = await scanOk<{ update_id: string }>(net.node, `/v2/updates/${assigned.updateId}`);
    expect(byId.update_id).toBe(assigned.updateId);
    // The event history: a reassignment bears no mediator verdict.
    const events = await scanOk<{
      events: Array<{ update?: { update_id: string }; verdict?: unknown }>;
    }>(net.node, '/v0/events', { page_size: 1000 });
    const moves = events.events.filter((event) =>
      [unassigned.updateId, assigned.updateId].includes(event.update?.update_id ?? ''),
    );
    expect(moves).toHaveLength(2);
    expect(moves.every((event) => event.verdict === undefined)).toBe(true);
  });

  it('moves it back: counter 2, and refuses reassignments Canton refuses', async () => {
    const back = await reassign(net, {
      user: net.dsoUser,
      submitter: net.dso,
      command: unassignCommand(round, net.app1, net.globalId),
    });
    expect(back.events[0]?.JsUnassignedEvent?.value.reassignmentCounter).toBe(2);
    const twice = await net.node.call('/v2/commands/submit-and-wait-for-reassignment', {
      user: net.dsoUser,
      body: {
        reassignmentCommands: {
          commandId: 'again',
          submitter: net.dso,
          commands: [{ command: unassignCommand(round, net.app1, net.globalId) }],
        },
      },
    });
    await expectCantonError(twice, { status: 400, code: 'UNKNOWN_CONTRACT_SYNCHRONIZERS' });
    const stranger = await net.node.call('/v2/commands/async/submit-reassignment', {
      user: 'administrator',
      body: {
        reassignmentCommands: {
          commandId: 'not-mine',
          submitter: net.dso,
          commands: [{ command: unassignCommand(round, net.app1, net.globalId) }],
        },
      },
    });
    expect(stranger.status).toBe(403);
    const reassignmentId = back.events[0]?.JsUnassignedEvent?.value.reassignmentId ?? '';
    const accepted = await net.node.call('/v2/commands/async/submit-reassignment', {
      user: net.dsoUser,
      body: {
        reassignmentCommands: {
          commandId: 'home',
          submitter: net.dso,
          commands: [{ command: assignCommand(reassignmentId, net.app1, net.globalId) }],
        },
      },
    });
    expect(await json(accepted)).toEqual({});
    expect((await openRounds(net))[round]?.domain_id).toBe(net.globalId);
  });
});

async function amuletRulesOf(net: MultiSyncNode): Promise<string> {
  const answer = await scanOk<{ amulet_rules_update: { contract: { contract_id: string } } }>(
    net.node,
    '/v0/amulet-rules',
    {},
  );
  return answer.amulet_rules_update.contract.contract_id;
}
