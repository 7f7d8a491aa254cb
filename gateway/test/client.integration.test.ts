import { ApiError, type Client, createClient } from '@pocketnet/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './test-node.ts';

// packages/client, the typed client the pages call the node with, from Node against a real
// devnet node: each call answers the shapes its types promise, and refusals are ApiErrors.

describe('the typed client', () => {
  let net: TestNode;
  let anonymous: Client;
  let alice: Client;
  let bob: Client;
  let aliceParty: string;
  let bobParty: string;

  beforeAll(async () => {
    net = await startTestNode({ devnet: true });
    anonymous = createClient({ baseUrl: net.url });
    alice = createClient({ baseUrl: net.url, token: await anonymous.devnet.devToken('alice') });
    bob = createClient({ baseUrl: net.url, token: await anonymous.devnet.devToken('bob') });
  });
  afterAll(() => net?.close());

  it('asks a devnet for its facts and onboards users', async () => {
    const info = await anonymous.devnet.nodeInfo();
    expect(info).toMatchObject({ devnet: true, dev_tokens: true, auth_mode: 'hs256' });
    expect(BigInt(info.now_micros)).toBeGreaterThan(0n);
    expect(await alice.wallet.userStatus()).toMatchObject({ user_onboarded: false });
    aliceParty = (await alice.wallet.register()).party_id;
    bobParty = (await bob.wallet.register()).party_id;
    expect(await alice.wallet.userStatus()).toMatchObject({
      party_id: aliceParty,
      user_onboarded: true,
    });
    expect((await alice.wallet.validatorUser()).user_name).toBe('administrator');
  });

  it('taps, and reads the balance, the holdings and the history', async () => {
    const { contract_id: tapped } = await alice.wallet.tap('10');
    const { amulets } = await alice.wallet.amulets();
    expect(amulets.map((position) => position.contract.contract.contract_id)).toContain(tapped);
    expect((await alice.wallet.balance()).effective_unlocked_qty).toBe('2000.0000000000');
    const { items } = await alice.wallet.transactions(10);
    expect(items[0]?.transaction_subtype.choice).toBe('AmuletRules_DevNet_Tap');
    const rounds = await alice.wallet.miningRounds();
    expect(rounds.open_mining_rounds.length).toBeGreaterThan(0);
    expect((await alice.wallet.amuletRules()).amulet_rules.contract.template_id).toMatch(
      /:Splice\.AmuletRules:AmuletRules$/,
    );
  });

  it('offers, and the receiver accepts through the same client', async () => {
    const now = BigInt((await anonymous.devnet.nodeInfo()).now_micros);
    await alice.wallet.createOffer({
      receiver_party_id: bobParty,
      amount: '12.5',
      description: 'lunch',
      expires_at: Number(now + 3_600_000_000n),
      tracking_id: 'client-lunch',
    });
    const { offers } = await bob.wallet.offers();
    const offer = offers.find((each) => each.payload.trackingId === 'client-lunch');
    expect(offer?.payload).toMatchObject({ sender: aliceParty, receiver: bobParty });
    await bob.wallet.offerAction(offer?.contract_id ?? '', 'accept');
    expect((await alice.wallet.acceptedOffers()).accepted_offers).toHaveLength(1);
    expect(await alice.wallet.offerStatus('client-lunch')).toMatchObject({ status: 'accepted' });
  });

  it('runs GraphQL and reads the inspect API', async () => {
    const data = await alice.graphql<{ me: { id: string }; ledgerEnd: number }>(
      'query Me { me { id } ledgerEnd }',
    );
    expect(data.me.id).toBe('alice');
    expect(data.ledgerEnd).toBeGreaterThan(0);
    const machines = await alice.inspect.machines();
    expect(machines.map((machine) => machine.id)).toContain('transfer-offer');
    const offer = await alice.inspect.machine('transfer-offer');
    expect(offer.mermaid).toMatch(/^stateDiagram-v2/);
    const actors = await alice.inspect.actors();
    const lunch = actors.find((actor) => actor.trackingId === 'client-lunch');
    expect(lunch?.state).toBe('open.accepted');
    expect((await alice.inspect.actor(lunch?.id ?? '')).history.length).toBeGreaterThan(1);
  });

  it('throws refusals as ApiErrors with the node’s words, reworded when asked', async () => {
    const refused = await alice.wallet.tap('-1').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(400);
    const failed = await alice.graphql('{ nothing }').catch((error: unknown) => error);
    expect((failed as ApiError).message).toMatch(/^Cannot query field "nothing"/);

    const heard: ApiError[] = [];
    const stale = createClient({
      baseUrl: net.url,
      token: 'not-a-token',
      explain: (message, status) => `${status}: ${message}`,
      onUnauthorized: (error) => heard.push(error),
    });
    const unauthorized = await stale.wallet.balance().catch((error: unknown) => error);
    expect((unauthorized as ApiError).status).toBe(401);
    expect((unauthorized as ApiError).message).toMatch(/^401: /);
    expect(heard).toEqual([unauthorized]);

    const nowhere = createClient({ baseUrl: 'http://127.0.0.1:9' });
    const unanswered = await nowhere.devnet.nodeInfo().catch((error: unknown) => error);
    expect((unanswered as ApiError).status).toBe(0);
  });
});
