import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlData, wsClient } from './graphql-harness.ts';
import { startTestNode, type TestNode } from './test-node.ts';

const walletQuery = `{ wallet { userName party
  balance { round effectiveUnlockedQty effectiveLockedQty totalHoldingFees }
  holdings { amulets { contractId effectiveAmount round } lockedAmulets { contractId } }
  history(pageSize: 10) { eventId type choice sender { party amount } receivers { party amount } }
  transferOffers { contractId payload actor { machine state } }
  acceptedTransferOffers { contractId }
  transferInstructions { contractId actor { machine } }
  preapproval { contractId }
  mergeDelegations { contractId } mergeDelegationProposals { contractId }
  trafficRequests { contractId } } }`;

describe('GraphQL wallet', () => {
  let node: TestNode;
  let alice: string;
  let bob: string;
  let operator: string;
  const expiresAt = () =>
    new Date(Number(node.node.clock.nowMicros() / 1000n) + 3_600_000).toISOString();
  const wallet = async (user: string) => (await gqlData(node, walletQuery, {}, { user })).wallet;
  const mutate = (user: string, query: string, variables: Record<string, unknown> = {}) =>
    gqlData(node, query, variables, { user });
  const offer = (trackingId: string, amount = '10') =>
    mutate('alice', 'mutation($i: TransferOfferInput!) { createTransferOffer(input: $i) }', {
      i: { receiver: bob, amount, description: trackingId, expiresAt: expiresAt(), trackingId },
    }).then((data) => data.createTransferOffer as string);
  const transfer = (trackingId: string, amount = '10') =>
    mutate(
      'alice',
      'mutation($i: TransferInput!) { createTransferInstruction(input: $i) { kind transferInstructionCid senderChangeCids } }',
      { i: { receiver: bob, amount, expiresAt: expiresAt(), trackingId } },
    ).then((data) => data.createTransferInstruction);

  beforeAll(async () => {
    node = await startTestNode({ devnet: true });
    operator = node.node.devnet?.parties.validatorOperator ?? '';
    const onboard = 'mutation($n: String!) { onboardUser(name: $n) }';
    alice = (await gqlData(node, onboard, { n: 'alice' })).onboardUser;
    bob = (await gqlData(node, onboard, { n: 'bob' })).onboardUser;
  });
  afterAll(async () => {
    node?.closeStreams();
    await node?.close();
  });

  it('onboards users and tells a user whether it is onboarded', async () => {
    expect((await gqlData(node, '{ walletUsers }')).walletUsers).toEqual(
      expect.arrayContaining(['alice', 'bob']),
    );
    const status = await gqlData(
      node,
      '{ walletUserStatus { partyId userOnboarded } }',
      {},
      { user: 'alice' },
    );
    expect(status.walletUserStatus).toEqual({ partyId: alice, userOnboarded: true });
    const registered = await gqlData(node, 'mutation { registerWallet }', {}, { user: 'carol' });
    expect(registered.registerWallet).toMatch(/::/);
    const missing = await gql(node, '{ wallet { party } }', {}, { user: 'nobody' });
    expect(missing.errors[0]?.extensions).toMatchObject({ code: 'USER_NOT_FOUND', status: 404 });
  });

  it('taps amulet and shows the balance, the holdings and the history', async () => {
    const tapped = await mutate('alice', 'mutation { tap(amountUsd: "100") }');
    const mine = await wallet('alice');
    expect(mine.party).toBe(alice);
    expect(
      mine.holdings.amulets.map((holding: { contractId: string }) => holding.contractId),
    ).toContain(tapped.tap);
    expect(Number(mine.balance.effectiveUnlockedQty)).toBeGreaterThan(0);
    expect(mine.history[0]).toMatchObject({
      type: 'balance_change',
      choice: 'AmuletRules_DevNet_Tap',
    });
    expect(mine.mergeDelegations.length + mine.mergeDelegationProposals.length).toBeGreaterThan(0);
    const theirs = await wallet('bob');
    expect(theirs.holdings.amulets).toEqual([]);
  });

  it('creates, accepts, rejects and withdraws transfer offers, each with its actor', async () => {
    const first = await offer('o-1');
    const received = await wallet('bob');
    expect(received.transferOffers).toContainEqual(
      expect.objectContaining({
        contractId: first,
        actor: { machine: 'transfer-offer', state: expect.any(String) },
      }),
    );
    const status = await gqlData(
      node,
      '{ wallet { transferOfferStatus(trackingId: "o-1") { status body } } }',
      {},
      { user: 'alice' },
    );
    expect(status.wallet.transferOfferStatus.status).toBe('created');
    const stranger = await gql(
      node,
      'mutation($c: ID!) { acceptTransferOffer(contractId: $c) }',
      { c: first },
      { user: 'carol' },
    );
    expect(stranger.errors[0]?.extensions).toMatchObject({
      code: 'PERMISSION_DENIED',
      status: 403,
    });
    const accepted = await mutate(
      'bob',
      'mutation($c: ID!) { acceptTransferOffer(contractId: $c) }',
      { c: first },
    );
    expect((await wallet('alice')).acceptedTransferOffers).toEqual([
      { contractId: accepted.acceptTransferOffer },
    ]);
    const second = await offer('o-2');
    await mutate('bob', 'mutation($c: ID!) { rejectTransferOffer(contractId: $c) }', { c: second });
    const third = await offer('o-3');
    await mutate('alice', 'mutation($c: ID!) { withdrawTransferOffer(contractId: $c) }', {
      c: third,
    });
    const open = (await wallet('alice')).transferOffers.map(
      (contract: { contractId: string }) => contract.contractId,
    );
    expect(open).not.toContain(second);
    expect(open).not.toContain(third);
  });

  it('makes token-standard transfers the receiver accepts or rejects and the sender withdraws', async () => {
    const pending = await transfer('t-1');
    expect(pending.kind).toBe('pending');
    const cid = pending.transferInstructionCid as string;
    expect((await wallet('bob')).transferInstructions).toContainEqual({
      contractId: cid,
      actor: expect.anything(),
    });
    const accepted = await mutate(
      'bob',
      'mutation($c: ID!) { acceptTransferInstruction(contractId: $c) { kind receiverHoldingCids } }',
      { c: cid },
    );
    expect(accepted.acceptTransferInstruction.kind).toBe('completed');
    expect(
      (await wallet('bob')).holdings.amulets.map(
        (holding: { contractId: string }) => holding.contractId,
      ),
    ).toEqual(expect.arrayContaining(accepted.acceptTransferInstruction.receiverHoldingCids));
    const rejected = await transfer('t-2');
    const rejection = await mutate(
      'bob',
      'mutation($c: ID!) { rejectTransferInstruction(contractId: $c) { kind } }',
      { c: rejected.transferInstructionCid },
    );
    expect(rejection.rejectTransferInstruction.kind).toBe('failed');
    const withdrawn = await transfer('t-3');
    const withdrawal = await mutate(
      'alice',
      'mutation($c: ID!) { withdrawTransferInstruction(contractId: $c) { kind } }',
      { c: withdrawn.transferInstructionCid },
    );
    expect(withdrawal.withdrawTransferInstruction.kind).toBe('failed');
    expect((await wallet('alice')).transferInstructions).toEqual([]);
  });

  it('creates a preapproval and pays through it', async () => {
    const created = await mutate('bob', 'mutation { createTransferPreapproval }');
    expect((await wallet('bob')).preapproval).toEqual({
      contractId: created.createTransferPreapproval,
    });
    const before = Number((await wallet('bob')).balance.effectiveUnlockedQty);
    await mutate('alice', 'mutation($i: PreapprovalSendInput!) { sendViaPreapproval(input: $i) }', {
      i: { receiver: bob, amount: '4', deduplicationId: 'p-1' },
    });
    expect(Number((await wallet('bob')).balance.effectiveUnlockedQty)).toBe(before + 4);
  });

  it('streams the balance after each change of the holdings', async () => {
    const client = await wsClient(node, { user: 'alice' });
    const balances = client.subscribe(
      'subscription { walletBalanceChanged { effectiveUnlockedQty } }',
    );
    // Nothing tells when the subscription is in place, so alice taps until a balance arrives.
    const heard = balances.take(1);
    let taken: Awaited<typeof heard> | undefined;
    while (taken === undefined) {
      await mutate('alice', 'mutation { tap(amountUsd: "1") }');
      taken = await Promise.race([heard, new Promise<undefined>((r) => setTimeout(r, 50))]);
    }
    await client.dispose();
    const [balance] = taken;
    const now = (await wallet('alice')).balance.effectiveUnlockedQty;
    expect(Number(balance?.data?.walletBalanceChanged.effectiveUnlockedQty)).toBeGreaterThan(0);
    expect(Number(balance?.data?.walletBalanceChanged.effectiveUnlockedQty)).toBeLessThanOrEqual(
      Number(now),
    );
  });

  it("shows the automations' queues only when the node runs them, and only to the operator", async () => {
    const admin = await gql(node, '{ automationQueues { runner } }');
    expect(admin.errors[0]?.extensions).toMatchObject({ code: 'UNAVAILABLE', status: 503 });
    const user = await gql(node, '{ automationQueues { runner } }', {}, { user: 'alice' });
    expect(user.errors[0]?.extensions).toMatchObject({ code: 'PERMISSION_DENIED', status: 403 });
  });

  it('asks to buy traffic and tracks the request', async () => {
    const created = await mutate(
      'alice',
      'mutation($i: BuyTrafficInput!) { buyTraffic(input: $i) }',
      {
        i: {
          receivingValidatorParty: operator,
          synchronizerId: node.node.identity.synchronizerId,
          trafficAmount: '1000000',
          expiresAt: expiresAt(),
          trackingId: 'tr-1',
        },
      },
    );
    const mine = await gqlData(
      node,
      '{ wallet { trafficRequests { contractId } trafficRequestStatus(trackingId: "tr-1") { status } } }',
      {},
      { user: 'alice' },
    );
    expect(mine.wallet).toEqual({
      trafficRequests: [{ contractId: created.buyTraffic }],
      trafficRequestStatus: { status: 'created' },
    });
  });
});
