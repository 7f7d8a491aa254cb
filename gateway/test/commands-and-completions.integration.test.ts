import type { Clock, SimulatedClock } from '@pocketnet/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, expectCantonError, ledgerEnd, send } from './ledger-calls.ts';
import {
  allocateParty,
  assetInterface,
  commands,
  createdIds,
  createIou,
  createUser,
  exercise,
  iouTemplate,
  submitTree,
  wildcardFor,
} from './ledger-fixtures.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import { valuesOf } from './spec-operations.ts';
import { startTestNode, type TestNode } from './test-node.ts';

const registrationTemplate = '#pocketnet-examples:Iou:CurrencyRegistration';

let node: TestNode;
let bank: string;
let alice: string;
let bob: string;
let carol: string;

beforeAll(async () => {
  node = await startTestNode();
  bank = await allocateParty(node, 'bank');
  alice = await allocateParty(node, 'alice');
  bob = await allocateParty(node, 'bob');
  carol = await allocateParty(node, 'carol');
  await createUser(node, 'desk', [bank, alice]);
  await createUser(node, 'alice-user', [alice]);
  await createUser(node, 'bank-user', [bank]);
  await createUser(node, 'carol-user', [carol]);
});
afterAll(() => node.close());

type Completion = {
  commandId: string;
  status: { code: number; message: string };
  updateId?: string;
  userId: string;
  actAs: string[];
  submissionId: string;
  offset: number;
};

const completionsOf = (answer: Answer): Completion[] => {
  expectMatchesSpec({
    spec: 'ledger',
    method: 'post',
    path: '/v2/commands/completions',
    status: answer.status,
    body: answer.body,
  });
  return (answer.body as Array<{ completionResponse: { Completion?: { value: Completion } } }>)
    .map((item) => item.completionResponse.Completion?.value)
    .filter((completion): completion is Completion => completion !== undefined);
};

const readCompletions = async (
  user: string,
  beginExclusive: number,
  query = 'stream_idle_timeout_ms=50',
) =>
  send(node, {
    method: 'post',
    path: `/v2/commands/completions?${query}`,
    body: { parties: [alice], beginExclusive },
    user,
  });

const asyncSubmit = (user: string, body: unknown) =>
  send(node, { method: 'post', path: '/v2/commands/async/submit', body, user });

describe('asynchronous submission and the completion stream', () => {
  it('reports an accepted async submission as a completion carrying its update id', async () => {
    const begin = await ledgerEnd(node);
    const body = commands([bank, alice], [createIou(bank, alice, '10')], {
      submissionId: 'submission-accepted',
    });
    const accepted = await asyncSubmit('desk', body);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({});
    const [completion, ...rest] = completionsOf(await readCompletions('desk', begin));
    expect(rest).toEqual([]);
    expect(completion).toMatchObject({
      commandId: body.commandId,
      status: { code: 0 },
      userId: 'desk',
      actAs: [bank, alice],
      submissionId: 'submission-accepted',
      offset: begin + 1,
    });
    const update = await send(node, {
      method: 'post',
      path: '/v2/updates/update-by-id',
      user: 'desk',
      body: {
        updateId: completion?.updateId,
        updateFormat: {
          includeTransactions: {
            eventFormat: wildcardFor(alice),
            transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
          },
        },
      },
    });
    expect(valuesOf(update.body, 'amount')).toEqual(['10.0000000000']);
    expect(update.body).toHaveProperty('update.Transaction.value.commandId', body.commandId);
  });

  it('answers a second async submission of the same change with a DUPLICATE_COMMAND rejection', async () => {
    const begin = await ledgerEnd(node);
    const body = commands([bank, alice], [createIou(bank, alice, '11')]);
    await asyncSubmit('desk', body);
    const duplicate = await asyncSubmit('desk', { ...body, submissionId: 'second-try' });
    expect(duplicate.status).toBe(200);
    const [first, second] = completionsOf(await readCompletions('desk', begin));
    expect(first?.status.code).toBe(0);
    expect(second).toMatchObject({
      commandId: body.commandId,
      submissionId: 'second-try',
      status: { code: 6, message: expect.stringContaining('DUPLICATE_COMMAND') },
    });
    expect(second?.status.message).toContain(
      'A command with the given command id has already been successfully processed',
    );
    expect(second?.updateId ?? '').toBe('');
    // Only one Iou of 11 was created.
    const acs = await send(node, {
      method: 'post',
      path: '/v2/state/active-contracts',
      user: 'alice-user',
      body: { activeAtOffset: await ledgerEnd(node), eventFormat: wildcardFor(alice) },
    });
    expect(valuesOf(acs.body, 'amount').filter((amount) => amount.startsWith('11.'))).toHaveLength(
      1,
    );
  });

  it('refuses a synchronous duplicate with 409 DUPLICATE_COMMAND naming the first update', async () => {
    const body = commands([bank, alice], [createIou(bank, alice, '12')]);
    const first = await send(node, {
      method: 'post',
      path: '/v2/commands/submit-and-wait',
      body,
      user: 'desk',
    });
    const before = await ledgerEnd(node);
    const again = await send(node, {
      method: 'post',
      path: '/v2/commands/submit-and-wait',
      body,
      user: 'desk',
    });
    expectCantonError(again, {
      status: 409,
      code: 'DUPLICATE_COMMAND',
      method: 'post',
      path: '/v2/commands/submit-and-wait',
    });
    expect(again.body).toHaveProperty(
      'context.existing_update_id',
      (first.body as { updateId: string }).updateId,
    );
    expect(await ledgerEnd(node)).toBe(before);
  });

  it('shows a user only the completions of its own commands', async () => {
    const begin = await ledgerEnd(node);
    await asyncSubmit('desk', commands([bank, alice], [createIou(bank, alice, '13')]));
    await asyncSubmit('alice-user', commands([alice], [createIou(alice, alice, '14')]));
    const mine = completionsOf(await readCompletions('alice-user', begin));
    expect(mine.map((completion) => completion.userId)).toEqual(['alice-user']);
  });

  it('honours stream_idle_timeout_ms, returning soon after the last completion', async () => {
    const begin = await ledgerEnd(node);
    const started = performance.now();
    const idle = completionsOf(await readCompletions('desk', begin, 'stream_idle_timeout_ms=30'));
    expect(idle).toEqual([]);
    expect(performance.now() - started).toBeLessThan(600);
  });

  it('includes a completion that arrives while the list is still waiting', async () => {
    const begin = await ledgerEnd(node);
    const listed = readCompletions('desk', begin, 'stream_idle_timeout_ms=400');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await asyncSubmit('desk', commands([bank, alice], [createIou(bank, alice, '15')]));
    expect(completionsOf(await listed)).toHaveLength(1);
  });

  it('stops after `limit` completions', async () => {
    const completions = completionsOf(
      await readCompletions('desk', 0, 'limit=2&stream_idle_timeout_ms=2000'),
    );
    expect(completions).toHaveLength(2);
  });
});

type FlatEvent = Record<string, { contractId: string; consuming?: boolean; choice?: string }>;

async function issue(amount: string): Promise<string> {
  const tree = await submitTree(
    node,
    'desk',
    commands([bank, alice], [createIou(bank, alice, amount)]),
  );
  const [id] = createdIds(tree.transactionTree);
  if (id === undefined) throw new Error('no Iou created');
  return id;
}

const transferWithShape = (iouId: string, shape: string) =>
  send(node, {
    method: 'post',
    path: '/v2/commands/submit-and-wait-for-transaction',
    user: 'alice-user',
    body: {
      commands: commands(
        [alice],
        [exercise(iouTemplate, iouId, 'Iou_Transfer', { newOwner: bob })],
      ),
      transactionFormat: { eventFormat: wildcardFor(alice), transactionShape: shape },
    },
  });

const eventsOf = (answer: Answer): FlatEvent[] => {
  expectMatchesSpec({
    spec: 'ledger',
    method: 'post',
    path: '/v2/commands/submit-and-wait-for-transaction',
    status: answer.status,
    body: answer.body,
  });
  return (answer.body as { transaction: { events: FlatEvent[] } }).transaction.events;
};

describe('submit-and-wait-for-transaction and its transaction shapes', () => {
  it('shows a consuming exercise in the ACS delta as an archive beside the new contract', async () => {
    const iouId = await issue('20');
    const events = eventsOf(await transferWithShape(iouId, 'TRANSACTION_SHAPE_ACS_DELTA'));
    expect(events.map((event) => Object.keys(event)[0])).toEqual(['ArchivedEvent', 'CreatedEvent']);
    expect(events[0]?.ArchivedEvent?.contractId).toBe(iouId);
  });

  it('shows the same exercise in the ledger effects as an exercised event with its argument', async () => {
    const iouId = await issue('21');
    const answer = await transferWithShape(iouId, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
    const events = eventsOf(answer);
    expect(events.map((event) => Object.keys(event)[0])).toEqual([
      'ExercisedEvent',
      'CreatedEvent',
    ]);
    expect(events[0]?.ExercisedEvent).toMatchObject({
      contractId: iouId,
      choice: 'Iou_Transfer',
      consuming: true,
      choiceArgument: { newOwner: bob },
    });
  });

  it('defaults to the submitters’ ACS delta without a transaction format', async () => {
    const iouId = await issue('22');
    const answer = await send(node, {
      method: 'post',
      path: '/v2/commands/submit-and-wait-for-transaction',
      user: 'alice-user',
      body: {
        commands: commands(
          [alice],
          [exercise(iouTemplate, iouId, 'Iou_Split', { splitAmount: '2' })],
        ),
      },
    });
    const events = eventsOf(answer);
    expect(events.map((event) => Object.keys(event)[0])).toEqual([
      'ArchivedEvent',
      'CreatedEvent',
      'CreatedEvent',
    ]);
    expect(valuesOf(answer.body, 'amount')).toEqual(['2.0000000000', '20.0000000000']);
  });
});

describe('contract keys: create-and-exercise and exercise-by-key', () => {
  const registration = (currency: string, description: string) => ({
    issuer: bank,
    currency,
    description,
    observers: [],
  });
  const tree = (body: unknown) =>
    send(node, {
      method: 'post',
      path: '/v2/commands/submit-and-wait-for-transaction-tree',
      user: 'bank-user',
      body,
    });

  it('creates a keyed contract and exercises a choice on it in one command', async () => {
    const answer = await tree(
      commands(
        [bank],
        [
          {
            CreateAndExerciseCommand: {
              templateId: registrationTemplate,
              createArguments: registration('USD', 'US dollar'),
              choice: 'CurrencyRegistration_LookUp',
              choiceArgument: { currency: 'USD' },
            },
          },
        ],
      ),
    );
    expect(answer.status, answer.text).toBe(200);
    expect(valuesOf(answer.body, 'choice')).toEqual(['CurrencyRegistration_LookUp']);
    expect(answer.body).toHaveProperty(
      'transactionTree.eventsById.1.ExercisedTreeEvent.value.exerciseResult',
      'US dollar',
    );
    expect(answer.body).toHaveProperty(
      'transactionTree.eventsById.0.CreatedTreeEvent.value.contractKey',
      {
        _1: bank,
        _2: 'USD',
      },
    );
  });

  it('exercises a consuming choice by key, replacing the contract under the same key', async () => {
    const answer = await tree(
      commands(
        [bank],
        [
          {
            ExerciseByKeyCommand: {
              templateId: registrationTemplate,
              contractKey: { _1: bank, _2: 'USD' },
              choice: 'CurrencyRegistration_Describe',
              choiceArgument: { description: 'United States dollar' },
            },
          },
        ],
      ),
    );
    expect(answer.status, answer.text).toBe(200);
    const acs = await send(node, {
      method: 'post',
      path: '/v2/state/active-contracts',
      user: 'bank-user',
      body: {
        activeAtOffset: await ledgerEnd(node),
        eventFormat: {
          filtersByParty: {
            [bank]: {
              cumulative: [
                {
                  identifierFilter: {
                    TemplateFilter: { value: { templateId: registrationTemplate } },
                  },
                },
              ],
            },
          },
        },
      },
    });
    expect(valuesOf(acs.body, 'description')).toEqual(['United States dollar']);
  });

  it('answers a look-up of an unregistered currency with None', async () => {
    const answer = await tree(
      commands(
        [bank],
        [
          {
            ExerciseByKeyCommand: {
              templateId: registrationTemplate,
              contractKey: { _1: bank, _2: 'USD' },
              choice: 'CurrencyRegistration_LookUp',
              choiceArgument: { currency: 'CHF' },
            },
          },
        ],
      ),
    );
    expect(answer.body).toHaveProperty(
      'transactionTree.eventsById.0.ExercisedTreeEvent.value.exerciseResult',
      null,
    );
  });

  it('refuses an unknown key with 404 and a second contract under a taken key with 409', async () => {
    const before = await ledgerEnd(node);
    const missing = await tree(
      commands(
        [bank],
        [
          {
            ExerciseByKeyCommand: {
              templateId: registrationTemplate,
              contractKey: { _1: bank, _2: 'EUR' },
              choice: 'CurrencyRegistration_Describe',
              choiceArgument: { description: 'euro' },
            },
          },
        ],
      ),
    );
    expectCantonError(missing, {
      status: 404,
      code: 'CONTRACT_KEY_NOT_FOUND',
      method: 'post',
      path: '/v2/commands/submit-and-wait-for-transaction-tree',
    });
    const taken = await tree(
      commands(
        [bank],
        [
          {
            CreateCommand: {
              templateId: registrationTemplate,
              createArguments: registration('USD', 'again'),
            },
          },
        ],
      ),
    );
    expectCantonError(taken, {
      status: 409,
      code: 'DUPLICATE_CONTRACT_KEY',
      method: 'post',
      path: '/v2/commands/submit-and-wait-for-transaction-tree',
    });
    expect(await ledgerEnd(node)).toBe(before);
  });
});

type Disclosed = { contractId: string; templateId: string; createdEventBlob: string };

/** The contract as its stakeholder reads it with includeCreatedEventBlob, ready to disclose. */
async function disclosureOf(user: string, party: string, contractId: string): Promise<Disclosed> {
  const answer = await send(node, {
    method: 'post',
    path: '/v2/state/active-contracts',
    user,
    body: {
      activeAtOffset: await ledgerEnd(node),
      eventFormat: {
        filtersByParty: {
          [party]: {
            cumulative: [
              {
                identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: true } } },
              },
            ],
          },
        },
      },
    },
  });
  type Entry = {
    contractEntry: { JsActiveContract: { createdEvent: Disclosed; synchronizerId: string } };
  };
  const found = (answer.body as Entry[]).find(
    (entry) => entry.contractEntry.JsActiveContract.createdEvent.contractId === contractId,
  );
  if (!found) throw new Error(`${contractId} is not active for ${party}`);
  const { createdEvent } = found.contractEntry.JsActiveContract;
  expect(createdEvent.createdEventBlob).not.toBe('');
  return {
    contractId: createdEvent.contractId,
    templateId: createdEvent.templateId,
    createdEventBlob: createdEvent.createdEventBlob,
  };
}

describe('explicit disclosure', () => {
  const describeAsset = (party: string, iouId: string, disclosed: Disclosed[]) =>
    send(node, {
      method: 'post',
      path: '/v2/commands/submit-and-wait-for-transaction-tree',
      user: party === alice ? 'alice-user' : 'carol-user',
      body: commands([party], [exercise(assetInterface, iouId, 'Asset_Describe', {})], {
        disclosedContracts: disclosed,
      }),
    });

  it('finds a disclosed Iou for a non-stakeholder, who still cannot act as its owner on Asset_Describe', async () => {
    const iouId = await issue('30');
    const disclosed = await disclosureOf('alice-user', alice, iouId);
    const before = await ledgerEnd(node);
    const hidden = await describeAsset(carol, iouId, []);
    expect(hidden.body).toHaveProperty('code', 'CONTRACT_NOT_FOUND');
    expect(hidden.status).toBe(404);
    // Disclosed, the contract is found: the refusal is now about authority (the owner controls).
    const found = await describeAsset(carol, iouId, [disclosed]);
    expect(found.body).toHaveProperty('code', 'DAML_AUTHORIZATION_ERROR');
    expect(await ledgerEnd(node)).toBe(before);
    const owner = await describeAsset(alice, iouId, [disclosed]);
    expect(owner.status, owner.text).toBe(200);
    expect(valuesOf(owner.body, 'choice')).toEqual(['Asset_Describe']);
    expect(owner.body).toHaveProperty(
      'transactionTree.eventsById.0.ExercisedTreeEvent.value.exerciseResult',
      `30.0000000000 USD held by ${alice}`,
    );
  });

  it('reports a disclosed contract that has since been archived as not found', async () => {
    const iouId = await issue('31');
    const disclosed = await disclosureOf('alice-user', alice, iouId);
    await submitTree(
      node,
      'alice-user',
      commands([alice], [exercise(iouTemplate, iouId, 'Iou_Transfer', { newOwner: bob })]),
    );
    const stale = await describeAsset(alice, iouId, [disclosed]);
    expect(stale.status).toBe(404);
    expect(stale.body).toHaveProperty('code', 'CONTRACT_NOT_FOUND');
  });

  it('refuses a blob that does not match the contract it claims to be', async () => {
    const iouId = await issue('32');
    const disclosed = await disclosureOf('alice-user', alice, iouId);
    const forged = Buffer.from(disclosed.createdEventBlob, 'base64')
      .toString('utf8')
      .replace('32.0000000000', '99.0000000000');
    const answer = await describeAsset(alice, iouId, [
      { ...disclosed, createdEventBlob: Buffer.from(forged, 'utf8').toString('base64') },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body).toHaveProperty('code', 'INVALID_ARGUMENT');
  });
});

const isSimulated = (clock: Clock): clock is SimulatedClock =>
  clock.kind === 'simulated' && 'advance' in clock;

describe('deduplication periods', () => {
  const submitWith = (body: unknown) =>
    send(node, { method: 'post', path: '/v2/commands/submit-and-wait', body, user: 'desk' });
  const seconds = (value: number) => ({
    DeduplicationDuration: { value: { seconds: value, nanos: 0 } },
  });

  it('treats only acceptances after the deduplication offset as duplicates', async () => {
    const body = commands([bank, alice], [createIou(bank, alice, '40')]);
    const first = await submitWith(body);
    expect(first.status).toBe(200);
    const acceptedAt = (first.body as { completionOffset: number }).completionOffset;
    const withinPeriod = await submitWith({
      ...body,
      deduplicationPeriod: { DeduplicationOffset: { value: acceptedAt - 1 } },
    });
    expect(withinPeriod.body).toHaveProperty('code', 'DUPLICATE_COMMAND');
    const afterPeriod = await submitWith({
      ...body,
      deduplicationPeriod: { DeduplicationOffset: { value: acceptedAt } },
    });
    expect(afterPeriod.status, afterPeriod.text).toBe(200);
  });

  it('lets a command through again once the simulated clock has left the deduplication duration', async () => {
    const { clock } = node.node;
    expect(isSimulated(clock)).toBe(true);
    if (!isSimulated(clock)) return;
    const body = commands([bank, alice], [createIou(bank, alice, '41')]);
    expect((await submitWith({ ...body, deduplicationPeriod: seconds(60) })).status).toBe(200);
    clock.advance(30_000_000n);
    const early = await submitWith({ ...body, deduplicationPeriod: seconds(60) });
    expect(early.body).toHaveProperty('code', 'DUPLICATE_COMMAND');
    clock.advance(31_000_000n);
    const late = await submitWith({ ...body, deduplicationPeriod: seconds(60) });
    expect(late.status, late.text).toBe(200);
    // Without a period the participant's maximum (7 days) applies: a duplicate again.
    const defaulted = await submitWith(body);
    expect(defaulted.body).toHaveProperty('code', 'DUPLICATE_COMMAND');
  });

  it('refuses a negative deduplication duration as Canton does: INVALID_FIELD, 400', async () => {
    const end = await ledgerEnd(node);
    const answer = await submitWith({
      ...commands([bank, alice], [createIou(bank, alice, '42')]),
      deduplicationPeriod: seconds(-1),
    });
    expectCantonError(answer, {
      status: 400,
      code: 'INVALID_FIELD',
      method: 'post',
      path: '/v2/commands/submit-and-wait',
    });
    // Category 8 is InvalidIndependentOfSystemState; gRPC 3 is INVALID_ARGUMENT.
    expect(answer.body).toMatchObject({
      cause:
        'The submitted request has a field with invalid value: Invalid field deduplication_period: Duration must be positive',
      context: { field_name: 'deduplication_period' },
      errorCategory: 8,
      grpcCodeValue: 3,
    });
    expect(await ledgerEnd(node)).toBe(end);
  });
});
