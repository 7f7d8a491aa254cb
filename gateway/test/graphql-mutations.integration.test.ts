import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlData } from './graphql-harness.ts';
import { submitMutation } from './graphql-ledger.ts';
import { createUser, iouTemplate } from './ledger-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

describe('GraphQL mutations', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ devnet: true });
  });
  afterAll(async () => {
    node?.closeStreams();
    await node?.close();
  });

  it('allocates a party', async () => {
    const data = await gqlData(
      node,
      'mutation { allocateParty(partyIdHint: "Carol") { party isLocal } }',
    );
    expect(data.allocateParty.party).toMatch(/^Carol::/);
    expect(data.allocateParty.isLocal).toBe(true);
    const parties = await gqlData(node, '{ parties(scope: ALL) { party } }');
    expect(parties.parties).toContainEqual({ party: data.allocateParty.party });
  });

  it('submits commands and answers the transaction the submitters see', async () => {
    const { allocateParty } = await gqlData(
      node,
      'mutation { allocateParty(partyIdHint: "Dave") { party } }',
    );
    const dave = allocateParty.party as string;
    await createUser(node, 'dave', [dave]);
    const commands = {
      commandId: 'dave-1',
      actAs: [dave],
      commands: [
        {
          CreateCommand: {
            templateId: iouTemplate,
            createArguments: {
              issuer: dave,
              owner: dave,
              currency: 'EUR',
              amount: '3',
              observers: [],
            },
          },
        },
      ],
    };
    const { submitCommands } = await gqlData(node, submitMutation, { commands }, { user: 'dave' });
    expect(submitCommands.completionOffset).toBe(
      node.node.reads.ledgerEnd({ kind: 'unrestricted' }),
    );
    expect(submitCommands.transaction.events).toEqual([
      {
        __typename: 'CreatedEvent',
        contractId: expect.any(String),
        contract: { templateId: expect.stringContaining(':Iou:Iou') },
      },
    ]);
    const again = await gql(node, submitMutation, { commands }, { user: 'dave' });
    expect(again.errors[0]?.extensions).toMatchObject({ code: 'DUPLICATE_COMMAND', status: 409 });
  });

  it('moves the devnet clock forward', async () => {
    const before = node.node.clock.nowMicros();
    const data = await gqlData(node, 'mutation { advanceTime(seconds: 90) { micros time } }');
    expect(BigInt(data.advanceTime.micros)).toBe(before + 90_000_000n);
    expect(data.advanceTime.micros).toBe(node.node.clock.nowMicros().toString());
    const refused = await gql(node, 'mutation { advanceTime(seconds: -1) { micros } }');
    expect(refused.errors[0]?.extensions?.code).toBe('INVALID_ARGUMENT');
  });

  it('advances the mining rounds and sets the price the next round opens with', async () => {
    const open = () => node.node.scan.network.rounds.latestOpen()?.node.createArgument.round;
    const roundBefore = open();
    const price = await gqlData(node, 'mutation { setAmuletPrice(price: "0.02") }');
    expect(price.setAmuletPrice).toBe('0.0200000000');
    await gqlData(node, 'mutation { advanceRounds(count: 2) { micros } }');
    expect(open()).not.toEqual(roundBefore);
    const rounds = await gqlData(node, '{ miningRounds { open { payload } } }');
    const prices = rounds.miningRounds.open.map(
      (round: { payload: { amuletPrice: string } }) => round.payload.amuletPrice,
    );
    expect(prices).toContain('0.0200000000');
  });

  it('refuses the devnet controls to a user that is not an admin', async () => {
    await createUser(node, 'eve', []);
    const response = await gql(node, 'mutation { advanceRounds { micros } }', {}, { user: 'eve' });
    expect(response.status).toBe(403);
    expect(response.errors[0]?.extensions).toMatchObject({ code: 'PERMISSION_DENIED' });
  });
});
