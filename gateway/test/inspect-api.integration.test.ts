import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './inspect-event-stream.ts';
import { inspect, type OfferDesk, openOfferDesk } from './inspect-fixtures.ts';
import { createUser } from './ledger-fixtures.ts';
import {
  advanceRounds,
  partyWithUser,
  type SpliceNode,
  startSpliceNode,
} from './splice-fixtures.ts';

// The inspect API over real HTTP against a devnet node: machines, the actors a user may see,
// and the transition stream, while legacy transfer offers move through the Ledger API.

type Machine = { id: string; states: string[]; initial: string; finalStates: string[] };
type Transition = {
  actorId: string;
  machine: string;
  from: string | null;
  to: string;
  event: string;
  offset: number | null;
  updateId: string | null;
};
type Actor = {
  id: string;
  machine: string;
  state: string;
  status: string;
  parties: string[];
  contractIds: string[];
  trackingId: string | null;
};
type ActorDetail = Actor & { context: unknown; history: Transition[] };

const machineIds = [
  'transfer-offer',
  'transfer-instruction',
  'transfer-preapproval',
  'merge-delegation',
  'traffic-purchase',
  'mining-round',
  'user-onboarding',
];

describe('the inspect API', () => {
  let net: SpliceNode;
  let desk: OfferDesk;

  const offerActor = async (offer: string, user = 'participant_admin') => {
    const { body } = await inspect<{ actors: Actor[] }>(
      net,
      '/actors?machine=transfer-offer',
      user,
    );
    return body.actors.find((actor) => actor.contractIds.includes(offer));
  };
  const streamUrl = (query = '') => `${net.node.url}/api/inspect/v0/transitions${query}`;
  const streamAs = async (user: string, query = '') =>
    openEventStream(streamUrl(query), { authorization: `Bearer ${await net.node.token(user)}` });

  beforeAll(async () => {
    net = await startSpliceNode();
    desk = await openOfferDesk(net);
    await partyWithUser(net, 'carol');
    await createUser(net.node, 'observer', []);
  });
  afterAll(() => net.node.close());

  it('refuses every route without a valid token with 401 and an error body', async () => {
    const paths = ['/machines', '/machines/transfer-offer', '/actors', '/actors/x', '/transitions'];
    for (const path of paths) {
      const anonymous = await net.node.call(`/api/inspect/v0${path}`, { user: null });
      expect([path, anonymous.status]).toEqual([path, 401]);
      expect(await anonymous.json()).toEqual({ error: expect.any(String) });
      const forged = await fetch(`${net.node.url}/api/inspect/v0${path}`, {
        headers: { authorization: 'Bearer not.a.token' },
      });
      expect([path, forged.status]).toEqual([path, 401]);
    }
    const badQueryToken = await fetch(streamUrl('?access_token=not.a.token'));
    expect(badQueryToken.status).toBe(401);
  });

  it('refuses a token of a user the participant does not know with 403', async () => {
    expect((await inspect(net, '/actors', 'nobody')).status).toBe(403);
    expect((await net.node.call('/api/inspect/v0/transitions', { user: 'nobody' })).status).toBe(
      403,
    );
  });

  it('lists the seven machines with their states, initial state and final states', async () => {
    const { status, body } = await inspect<{ machines: Machine[] }>(net, '/machines', 'carol');
    expect(status).toBe(200);
    expect(body.machines.map((machine) => machine.id).sort()).toEqual([...machineIds].sort());
    const offer = body.machines.find((machine) => machine.id === 'transfer-offer');
    expect(offer?.initial).toBe('open');
    expect(offer?.states).toEqual(
      expect.arrayContaining(['open.created', 'open.accepted', 'completed']),
    );
    expect(offer?.finalStates.sort()).toEqual(['completed', 'expired', 'rejected', 'withdrawn']);
  });

  it('describes a machine as XState JSON and a Mermaid state diagram, and 404s an unknown one', async () => {
    const { status, body } = await inspect<{ definition: { id: string }; mermaid: string }>(
      net,
      '/machines/transfer-offer',
    );
    expect(status).toBe(200);
    expect(body.definition.id).toBe('transfer-offer');
    expect(body.mermaid.split('\n')[0]?.trim()).toBe('stateDiagram-v2');
    expect(body.mermaid).toMatch(/open_created --> open_accepted/);
    const unknown = await inspect(net, '/machines/no-such-machine');
    expect(unknown).toEqual({ status: 404, body: { error: expect.stringMatching(/no machine/) } });
  });

  it('shows an offer created, then accepted, with the update that moved it', async () => {
    const offer = await desk.offer('lunch-1');
    const created = await offerActor(offer, 'alice');
    expect(created).toMatchObject({
      state: 'open.created',
      status: 'active',
      trackingId: 'lunch-1',
    });
    expect(created?.parties).toEqual(expect.arrayContaining([desk.alice, desk.bob]));
    const id = encodeURIComponent(created?.id ?? '');
    await desk.accept(offer);
    const { status, body } = await inspect<ActorDetail>(net, `/actors/${id}`, 'bob');
    expect(status).toBe(200);
    expect(body.state).toBe('open.accepted');
    expect(body.history.map((step) => [step.from, step.to])).toEqual([
      [null, 'open.created'],
      ['open.created', 'open.accepted'],
    ]);
    const accepted = body.history[1];
    expect(accepted?.event).toBe('offer.accepted');
    expect(accepted?.offset).toBeGreaterThan(body.history[0]?.offset ?? 0);
    expect(accepted?.updateId).toEqual(expect.any(String));
  });

  it('filters actors by machine and state, and answers 400 for an unknown machine', async () => {
    const offer = await desk.offer('lunch-2');
    const created = await inspect<{ actors: Actor[] }>(
      net,
      '/actors?machine=transfer-offer&state=open.created',
    );
    expect(created.body.actors.some((actor) => actor.contractIds.includes(offer))).toBe(true);
    expect(created.body.actors.every((actor) => actor.state === 'open.created')).toBe(true);
    const accepted = await inspect<{ actors: Actor[] }>(
      net,
      '/actors?machine=transfer-offer&state=open.accepted',
    );
    expect(accepted.body.actors.some((actor) => actor.contractIds.includes(offer))).toBe(false);
    const rounds = await inspect<{ actors: Actor[] }>(net, '/actors?machine=mining-round');
    expect(rounds.body.actors.length).toBeGreaterThan(0);
    expect(rounds.body.actors.every((actor) => actor.machine === 'mining-round')).toBe(true);
    const unknown = await inspect(net, '/actors?machine=no-such-machine');
    expect(unknown).toEqual({ status: 400, body: { error: expect.stringMatching(/no machine/) } });
    const twice = await inspect(net, '/actors?machine=a&machine=b');
    expect(twice.status).toBe(400);
  });

  it('shows an offer to its sender, its receiver and the admin, never to another party', async () => {
    const offer = await desk.offer('lunch-3');
    const actor = await offerActor(offer);
    expect(actor).toBeDefined();
    const id = encodeURIComponent(actor?.id ?? '');
    for (const user of ['alice', 'bob', 'participant_admin']) {
      expect([user, (await offerActor(offer, user))?.id]).toEqual([user, actor?.id]);
      expect([user, (await inspect(net, `/actors/${id}`, user)).status]).toEqual([user, 200]);
    }
    for (const user of ['carol', 'observer']) {
      expect([user, await offerActor(offer, user)]).toEqual([user, undefined]);
      const hidden = await inspect(net, `/actors/${id}`, user);
      expect([user, hidden.status]).toEqual([user, 404]);
      expect(hidden.body).toEqual({ error: expect.any(String) });
    }
    expect((await inspect(net, '/actors/transfer-offer:nothing')).status).toBe(404);
  });

  it('streams the transitions of an offer as it is created and accepted', async () => {
    const stream = await streamAs('alice', '?machine=transfer-offer');
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await stream.until('ready')).toEqual({});
    const offer = await desk.offer('lunch-4');
    const created = await stream.until<Transition>('transition');
    expect(created).toMatchObject({ machine: 'transfer-offer', from: null, to: 'open.created' });
    expect(created?.offset).toEqual(expect.any(Number));
    await desk.accept(offer);
    const accepted = await stream.until<Transition>('transition');
    expect(accepted).toMatchObject({
      actorId: created?.actorId,
      from: 'open.created',
      to: 'open.accepted',
      event: 'offer.accepted',
    });
    stream.close();
  });

  it('takes the token as access_token, and streams only what the user may see', async () => {
    const token = await net.node.token('carol');
    const carol = await openEventStream(streamUrl(`?access_token=${token}`));
    const admin = await streamAs('participant_admin');
    await Promise.all([carol.until('ready'), admin.until('ready')]);
    const offer = await desk.offer('lunch-5');
    const seenByAdmin = await admin.until<Transition>(
      'transition',
      (t) => t.machine === 'transfer-offer',
    );
    expect((await offerActor(offer))?.id).toBe(seenByAdmin?.actorId);
    // Rounds are public: carol's first transition is one of them, so the offer's never came.
    await advanceRounds(net, 1);
    const first = await carol.until<Transition>('transition');
    expect(first?.machine).toBe('mining-round');
    carol.close();
    admin.close();
  });

  it('follows one actor with ?actor=, and answers 400 for an unknown machine', async () => {
    const offer = await desk.offer('lunch-6');
    const actor = await offerActor(offer);
    const stream = await streamAs('bob', `?actor=${encodeURIComponent(actor?.id ?? '')}`);
    await stream.until('ready');
    await desk.offer('lunch-7');
    await advanceRounds(net, 1);
    await desk.accept(offer);
    expect(await stream.until<Transition>('transition')).toMatchObject({
      actorId: actor?.id,
      to: 'open.accepted',
    });
    stream.close();
    const unknown = await net.node.call('/api/inspect/v0/transitions?machine=nope');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: expect.stringMatching(/no machine/) });
  });

  it('ends open streams when the gateway closes them', async () => {
    const stream = await streamAs('alice');
    await stream.until('ready');
    net.node.closeStreams();
    expect(await stream.next()).toBeNull();
  });

  it('answers an unknown inspect path with a 404 error body', async () => {
    expect(await inspect(net, '/nothing-here')).toEqual({
      status: 404,
      body: { error: expect.stringMatching(/no inspect endpoint/) },
    });
  });
});
