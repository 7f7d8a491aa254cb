import { afterEach, describe, expect, it } from 'vitest';
import {
  answersOf,
  expectSameAnswers,
  ledgerEnd,
  onboard,
  preapprove,
  send,
  tap,
} from './time-machine-answers.ts';
import { startTimeMachineNode, type TimeMachineNode } from './time-machine-node.ts';

// Issue 23, property style: a node after snapshot → N random workflow steps → revert answers
// every read (ACS, updates, scan, wallet balances, history and offers, actors, users, parties,
// the clock) exactly as it did at the snapshot, and it was put back in place (the same node,
// rolled back), not rebuilt. Each round takes other random steps from the same snapshot; a
// snapshot taken half-way is dropped by the revert; reset then goes back to ready.

let net: TimeMachineNode | null = null;
afterEach(async () => {
  await net?.close();
  net = null;
});

/** A small seeded generator (mulberry32), so a failing run is repeated from its seed. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    below: (count: number) => Math.floor(next() * count),
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('nothing to pick from');
      return item;
    },
  };
}

type Users = Record<string, string>;

type ScanUpdate = { migration_id: number; record_time: string };

/**
 * Scan's updates in pages of three, cursor after cursor: full pages are kept by the gateway,
 * under keys a revert gives to other updates.
 */
async function scanPages(node: TimeMachineNode): Promise<ScanUpdate[]> {
  const all: ScanUpdate[] = [];
  let after: { after_migration_id: number; after_record_time: string } | undefined;
  for (;;) {
    const { transactions } = await node.json<{ transactions: ScanUpdate[] }>(
      '/api/scan/v2/updates',
      { user: null, body: after ? { page_size: 3, after } : { page_size: 3 } },
    );
    all.push(...transactions);
    const last = transactions.at(-1);
    if (transactions.length < 3 || last === undefined) return all;
    after = { after_migration_id: last.migration_id, after_record_time: last.record_time };
  }
}

/**
 * answersOf, and what else a revert must put back: each user's ACS and transfer offers, and
 * scan's history paged small.
 */
async function everyAnswer(node: TimeMachineNode, users: Users) {
  const end = await ledgerEnd(node);
  const perUser: Record<string, unknown> = {};
  for (const [user, party] of Object.entries(users)) {
    perUser[user] = {
      acs: await node.json('/v2/state/active-contracts', {
        user,
        body: {
          activeAtOffset: end,
          eventFormat: { filtersByParty: { [party]: {} }, verbose: true },
        },
      }),
      offers: await node.json('/api/validator/v0/wallet/transfer-offers', { user }),
      accepted: await node.json('/api/validator/v0/wallet/accepted-transfer-offers', { user }),
    };
  }
  return { ...(await answersOf(node, users)), perUser, scanPages: await scanPages(node) };
}

function expectSameEveryAnswer(
  actual: Awaited<ReturnType<typeof everyAnswer>>,
  expected: Awaited<ReturnType<typeof everyAnswer>>,
) {
  expect(actual.perUser).toEqual(expected.perUser);
  expect(actual.scanPages).toEqual(expected.scanPages);
  expectSameAnswers(actual, expected);
}

/** One random workflow step among those the wallet, the devnet and the actors take. */
async function randomStep(
  node: TimeMachineNode,
  random: ReturnType<typeof randomFrom>,
  world: { users: Users; funded: Set<string>; preapproved: Set<string>; fresh: number },
) {
  const names = Object.keys(world.users);
  const kind = random.pick([
    'onboard',
    'tap',
    'preapprove',
    'send',
    'offer',
    'accept',
    'advance time',
    'advance round',
  ]);
  const user = random.pick(names);
  switch (kind) {
    case 'onboard': {
      world.fresh += 1;
      const name = `user${world.fresh}`;
      world.users[name] = await onboard(node, name);
      return;
    }
    case 'tap':
      await tap(node, user, String(1 + random.below(50)));
      world.funded.add(user);
      return;
    case 'preapprove':
      if (world.preapproved.has(user)) return;
      await preapprove(node, user);
      world.preapproved.add(user);
      return;
    case 'send': {
      const from = [...world.funded][random.below(world.funded.size)];
      const to = [...world.preapproved].filter((each) => each !== from);
      if (from === undefined || to.length === 0) return;
      const receiver = random.pick(to);
      await send(node, from, world.users[receiver] as string, '0.5', `send-${world.fresh++}`);
      return;
    }
    case 'offer': {
      const from = [...world.funded][random.below(world.funded.size)];
      const receiver = random.pick(names.filter((each) => each !== from));
      if (from === undefined) return;
      const { now_micros: now } = await node.json<{ now_micros: string }>('/api/devnet/v0/time');
      await node.json('/api/validator/v0/wallet/transfer-offers', {
        user: from,
        body: {
          receiver_party_id: world.users[receiver],
          amount: '0.25',
          description: 'a random offer',
          // Some expire within the steps that follow (an actor's timer), most do not.
          expires_at: Number(BigInt(now) + BigInt(60 + random.below(3600)) * 1_000_000n),
          tracking_id: `offer-${world.fresh++}`,
        },
      });
      return;
    }
    case 'accept': {
      const { offers } = await node.json<{ offers: { contract_id: string }[] }>(
        '/api/validator/v0/wallet/transfer-offers',
        { user },
      );
      const offer = offers.find(() => true);
      if (offer === undefined) return;
      const path = `/api/validator/v0/wallet/transfer-offers/${offer.contract_id}/accept`;
      // An offer this user made itself is refused: the step then changes nothing.
      await node.call(path, { user, body: {} });
      return;
    }
    case 'advance time':
      await node.json('/api/devnet/v0/time/advance', { body: { seconds: 1 + random.below(900) } });
      return;
    case 'advance round':
      await node.json('/api/devnet/v0/rounds/advance', { body: { count: 1 } });
      return;
  }
}

/** Every update id in an answer: `update_id` in scan's, `updateId` in the Ledger API's. */
function updateIdsIn(value: unknown, name: string): string[] {
  if (Array.isArray(value)) return value.flatMap((each) => updateIdsIn(each, name));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, each]) =>
    key === name && typeof each === 'string' ? [each] : updateIdsIn(each, name),
  );
}

/** The ids in `after` that `before` does not hold. */
const addedIds = (before: unknown, after: unknown, name: string) => {
  const known = new Set(updateIdsIn(before, name));
  return [...new Set(updateIdsIn(after, name))].filter((id) => !known.has(id));
};

/** The statuses of point lookups of an update: scan's, and the Ledger API's as alice. */
const lookUp = async (node: TimeMachineNode, updateId: string, alice: string) => [
  (await node.call(`/api/scan/v0/updates/${encodeURIComponent(updateId)}`, { user: null })).status,
  (
    await node.call('/v2/updates/update-by-id', {
      user: 'alice',
      body: {
        updateId,
        updateFormat: {
          includeTransactions: {
            eventFormat: { filtersByParty: { [alice]: {} }, verbose: false },
            transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
          },
        },
      },
    })
  ).status,
];

const snapshot = async (node: TimeMachineNode) =>
  (await node.json<{ id: string }>('/api/devnet/v0/snapshot', { body: {} })).id;

describe('a revert in place', () => {
  const seed = Number(process.env.REVERT_SEED ?? Math.floor(Math.random() * 2 ** 31));
  it(`answers every read as the node did at the snapshot, round after round (seed=${seed})`, async () => {
    net = await startTimeMachineNode();
    const random = randomFrom(seed);
    const atReady = await everyAnswer(net, {});
    const users: Users = {
      alice: await onboard(net, 'alice'),
      bob: await onboard(net, 'bob'),
    };
    await tap(net, 'alice', '100');
    await preapprove(net, 'bob');
    const taken = await snapshot(net);
    const atSnapshot = await everyAnswer(net, users);
    const node = net.embedded.current().node;
    for (let round = 0; round < 3; round += 1) {
      const world = {
        users: { ...users },
        funded: new Set(['alice']),
        preapproved: new Set(['bob']),
        fresh: round * 1000,
      };
      for (let step = 0; step < 8; step += 1) await randomStep(net, random, world);
      const halfWay = await snapshot(net);
      for (let step = 0; step < 4; step += 1) await randomStep(net, random, world);
      const after = await everyAnswer(net, users);
      expect(after, 'the steps changed nothing').not.toEqual(atSnapshot);
      // Alice's updates since the snapshot, which scan and her Ledger API find by id.
      const added = addedIds(atSnapshot.wallets.alice, after.wallets.alice, 'updateId');
      for (const id of added)
        expect(await lookUp(net, id, users.alice as string)).toEqual([200, 200]);
      await net.json('/api/devnet/v0/revert', { body: { id: taken } });
      expect(net.embedded.current().node, 'the node was rebuilt, not rolled back').toBe(node);
      expectSameEveryAnswer(await everyAnswer(net, users), atSnapshot);
      // Updates made after the snapshot are gone from point lookups too.
      for (const id of added) {
        expect(await lookUp(net, id, users.alice as string), id).toEqual([404, 404]);
      }
      const dropped = await net.call('/api/devnet/v0/revert', { body: { id: halfWay } });
      expect(dropped.status).toBe(404);
    }
    await net.json('/api/devnet/v0/reset', { body: {} });
    expect(net.embedded.current().node).toBe(node);
    expectSameEveryAnswer(await everyAnswer(net, {}), atReady);
    // And it goes on from there: alice is onboarded anew (she was gone), and taps.
    expect(await onboard(net, 'alice')).toBe(users.alice);
    await tap(net, 'alice', '5');
    expect(await ledgerEnd(net)).toBeGreaterThan(atReady.ledgerEnd);
  });
});
