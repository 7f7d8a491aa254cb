import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createUser, json } from './ledger-fixtures.ts';
import {
  amuletsOf,
  createdIn,
  inputAmulet,
  output,
  rootResult,
  rulesChoice,
  submitTree,
  type Tree,
  tap,
  transferArgument,
  transferContext,
} from './splice-amulet-calls.ts';
import {
  activeContracts,
  advanceRounds,
  decimal,
  dsoContracts,
  ledgerEnd,
  nodeTime,
  partyWithUser,
  type SpliceNode,
  spliceIds,
  startSpliceNode,
  templateFilter,
  units,
} from './splice-fixtures.ts';

// Supply is conserved over HTTP: after any sequence of taps, transfers, traffic purchases,
// reward minting and round advances, Σ minted − Σ burnt (read from the transactions: the
// tapped amulet, the reward metadata of minting transfers, the `burned` metadata of purchases
// and of the DSO's dust expiries, which round advances trigger)
// equals Σ holdings in the active contract set, and no balance goes negative. The in-engine
// property (packages/splice supply-conservation.test.ts) runs 80 cases; each case here starts a
// node and sends every step through the gateway, so it runs a few.

type Step =
  | { kind: 'tap'; who: number; amount: number }
  | { kind: 'transfer'; from: number; to: number; percent: number; featured: boolean }
  | { kind: 'buyTraffic'; who: number; bytes: number }
  | { kind: 'advance'; rounds: number }
  | { kind: 'mint' };

const who = fc.integer({ min: 0, max: 2 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('tap' as const),
      who,
      amount: fc.integer({ min: 1, max: 100_000_000 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      from: who,
      to: who,
      percent: fc.integer({ min: 1, max: 120 }),
      featured: fc.boolean(),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('buyTraffic' as const),
      who,
      bytes: fc.integer({ min: 150_000, max: 3_000_000 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      rounds: fc.integer({ min: 1, max: 4 }),
    }),
    weight: 3,
  },
  { arbitrary: fc.constant({ kind: 'mint' as const }), weight: 3 },
);

type World = {
  net: SpliceNode;
  parties: string[];
  rights: Map<string, string>;
  featuredAppRight: string;
  minted: bigint;
  burnt: bigint;
  /** The offset up to which the DSO's dust expiries have been counted. */
  counted: number;
};

const rewardKeys = ['app-rewards', 'validator-rewards', 'sv-rewards'].map(
  (key) => `amulet.splice.lfdecentralizedtrust.org/${key}`,
);
const burnedKey = 'splice.lfdecentralizedtrust.org/burned';

const metaOf = (tree: Tree) =>
  rootResult<{ meta: { values: Record<string, string> } | null }>(tree).meta?.values ?? {};

/** Σ initial amounts of every Amulet and LockedAmulet, as the DSO sees them. */
async function totalHoldings(net: SpliceNode): Promise<bigint> {
  const amulets = await dsoContracts(net, spliceIds.amulet);
  const locked = await dsoContracts(net, spliceIds.lockedAmulet);
  const amounts = [
    ...amulets.map((event) => event.createArgument),
    ...locked.map((event) => event.createArgument.amulet as Record<string, unknown>),
  ].map((amulet) => units((amulet.amount as { initialAmount: string }).initialAmount));
  return amounts.reduce((sum, amount) => sum + amount, 0n);
}

async function send(tree: Promise<Response>): Promise<Tree> {
  return (await json<{ transactionTree: Tree }>(await tree)).transactionTree;
}

async function transfer(world: World, next: Extract<Step, { kind: 'transfer' }>) {
  const [sender = '', receiver = '', provider = ''] = [next.from, next.to, 0].map(
    (i) => world.parties[i],
  );
  const coins = await amuletsOf(world.net, 'desk', sender);
  const balance = [...coins.values()].reduce((sum, amount) => sum + amount, 0n);
  const amount = (balance * BigInt(next.percent)) / 100n;
  if (amount <= 0n) return;
  const featured = next.featured ? { featuredAppRight: world.featuredAppRight } : {};
  const argument = transferArgument(
    world.net,
    {
      sender,
      ...(next.featured ? { provider } : {}),
      inputs: [...coins.keys()].map(inputAmulet),
      outputs: [output(receiver, decimal(amount))],
    },
    await transferContext(world.net, featured),
  );
  const actAs = [...new Set([sender, receiver, ...(next.featured ? [provider] : [])])];
  await send(
    rulesChoice(world.net, { user: 'desk', actAs, choice: 'AmuletRules_Transfer', argument }),
  );
}

async function buyTraffic(world: World, next: Extract<Step, { kind: 'buyTraffic' }>) {
  const buyer = world.parties[next.who] ?? '';
  const coins = await amuletsOf(world.net, 'desk', buyer);
  const tree = await send(
    rulesChoice(world.net, {
      user: 'desk',
      actAs: [buyer],
      choice: 'AmuletRules_BuyMemberTraffic',
      argument: {
        inputs: [...coins.keys()].map(inputAmulet),
        context: await transferContext(world.net),
        provider: buyer,
        memberId: 'PAR::member::1220aa',
        synchronizerId: world.net.node.node.identity.synchronizerId,
        migrationId: '0',
        trafficAmount: String(next.bytes),
        expectedDso: world.net.dso,
      },
    }),
  );
  world.burnt += units(metaOf(tree)[burnedKey] ?? '0');
}

/** What a wallet's reward collection does: mint each party's coupons of opened issuing rounds. */
async function mintRewards(world: World) {
  const now = Date.parse(await nodeTime(world.net));
  const issuing = (await dsoContracts(world.net, spliceIds.issuingMiningRound)).filter(
    (round) => Date.parse(String(round.createArgument.opensAt)) <= now,
  );
  const numbers = new Map(
    issuing.map((round) => [
      (round.createArgument.round as { number: string }).number,
      round.contractId,
    ]),
  );
  for (const party of world.parties) {
    const coupons = async (templateId: string, tag: string, owner: string) =>
      (
        await activeContracts(world.net, {
          user: 'desk',
          party,
          filter: templateFilter(templateId),
        })
      )
        .filter((event) => event.createArgument[owner] === party)
        .filter((event) => numbers.has((event.createArgument.round as { number: string }).number))
        .map((event) => ({ tag, value: event.contractId }));
    const inputs = [
      ...(await coupons(spliceIds.appRewardCoupon, 'InputAppRewardCoupon', 'beneficiary')),
      ...(await coupons(spliceIds.validatorRewardCoupon, 'InputValidatorRewardCoupon', 'user')),
    ];
    if (inputs.length === 0) continue;
    const context = await transferContext(world.net, {
      issuingMiningRounds: [...numbers].map(([number, cid]) => [{ number }, cid]),
      validatorRights: [[party, world.rights.get(party)]],
    });
    const argument = transferArgument(world.net, { sender: party, inputs, outputs: [] }, context);
    const tree = await send(
      rulesChoice(world.net, {
        user: 'desk',
        actAs: [party],
        choice: 'AmuletRules_Transfer',
        argument,
      }),
    );
    const meta = metaOf(tree);
    world.minted += rewardKeys.reduce((sum, key) => sum + units(meta[key] ?? '0'), 0n);
  }
}

type Exercised = { choice: string; exerciseResult: { meta?: { values: Record<string, string> } } };

/** What the DSO's automation burnt expiring dust since the last count, from its update stream. */
async function dustBurnt(world: World): Promise<bigint> {
  const { net } = world;
  const end = await ledgerEnd(net.node);
  if (end === world.counted) return 0n;
  const filter = {
    cumulative: [spliceIds.amulet, spliceIds.lockedAmulet].map((templateId) => ({
      identifierFilter: templateFilter(templateId),
    })),
  };
  const updates = await json<
    Array<{
      update: { Transaction?: { value: { events: Array<{ ExercisedEvent?: Exercised }> } } };
    }>
  >(
    await net.node.call('/v2/updates', {
      user: net.dsoReader,
      body: {
        beginExclusive: world.counted,
        endInclusive: end,
        updateFormat: {
          includeTransactions: {
            eventFormat: { filtersByParty: { [net.dso]: filter } },
            transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
          },
        },
      },
    }),
  );
  world.counted = end;
  return updates
    .flatMap(({ update }) => update.Transaction?.value.events ?? [])
    .flatMap((event) => (event.ExercisedEvent ? [event.ExercisedEvent] : []))
    .filter(
      (event) => event.choice === 'Amulet_Expire' || event.choice === 'LockedAmulet_ExpireAmulet',
    )
    .reduce((sum, event) => sum + units(event.exerciseResult.meta?.values[burnedKey] ?? '0'), 0n);
}

async function apply(world: World, next: Step): Promise<void> {
  switch (next.kind) {
    case 'tap': {
      const party = world.parties[next.who] ?? '';
      const { tree } = await tap(
        world.net,
        'desk',
        party,
        decimal(BigInt(next.amount) * 10n ** 7n) /* up to 100,000 amulet */,
      );
      const amounts = createdIn(tree, spliceIds.amulet).map(
        (event) => (event.createArgument.amount as { initialAmount: string }).initialAmount,
      );
      world.minted += amounts.reduce((sum, amount) => sum + units(amount), 0n);
      return;
    }
    case 'transfer':
      return transfer(world, next);
    case 'buyTraffic':
      return buyTraffic(world, next);
    case 'advance':
      return advanceRounds(world.net, next.rounds);
    case 'mint':
      return mintRewards(world);
  }
}

async function startWorld(): Promise<World> {
  const net = await startSpliceNode();
  const parties = [
    await partyWithUser(net, 'alice'),
    await partyWithUser(net, 'bob'),
    await partyWithUser(net, 'carol'),
  ];
  await createUser(net.node, 'desk', parties, [net.dso]);
  const rights = new Map<string, string>();
  for (const party of parties) {
    const tree = await submitTree(net, {
      user: 'desk',
      actAs: [party],
      commands: [
        {
          CreateCommand: {
            templateId: spliceIds.validatorRight,
            createArguments: { dso: net.dso, user: party, validator: party },
          },
        },
      ],
    });
    rights.set(party, createdIn(tree, spliceIds.validatorRight)[0]?.contractId ?? '');
  }
  const featured = await send(
    rulesChoice(net, {
      user: 'desk',
      actAs: [parties[0] ?? ''],
      choice: 'AmuletRules_DevNet_FeatureApp',
      argument: { provider: parties[0] },
    }),
  );
  const featuredAppRight = rootResult<{ featuredAppRightCid: string }>(
    featured,
  ).featuredAppRightCid;
  return {
    net,
    parties,
    rights,
    featuredAppRight,
    minted: 0n,
    burnt: 0n,
    counted: await ledgerEnd(net.node),
  };
}

// One sequence that surely mints: a featured transfer and a traffic purchase earn coupons in a
// round, which issues three rounds later; then random ones.
const minting: Step[] = [
  { kind: 'tap', who: 0, amount: 50_000_000 },
  { kind: 'transfer', from: 0, to: 1, percent: 40, featured: true },
  { kind: 'buyTraffic', who: 0, bytes: 1_000_000 },
  { kind: 'advance', rounds: 3 },
  { kind: 'mint' },
  { kind: 'transfer', from: 1, to: 2, percent: 100, featured: false },
  { kind: 'advance', rounds: 4 },
  { kind: 'mint' },
];

describe('supply over the Ledger API', () => {
  test.prop([fc.array(step, { minLength: 10, maxLength: 30 })], {
    numRuns: 8,
    examples: [[minting]],
  })(
    'is conserved by taps, transfers, traffic purchases, minting and round advances',
    async (steps) => {
      const world = await startWorld();
      try {
        for (const next of steps) {
          const before = await totalHoldings(world.net);
          try {
            await apply(world, next);
          } catch (error) {
            // Overdrafts and overspending purchases are refused, and a refusal changes nothing.
            expect(String(error)).toMatch(/^Error: 400 .*DAML_FAILURE/);
            expect(await totalHoldings(world.net)).toBe(before);
          }
          world.burnt += await dustBurnt(world);
          expect(decimal(await totalHoldings(world.net))).toBe(decimal(world.minted - world.burnt));
          for (const party of world.parties) {
            for (const amount of (await amuletsOf(world.net, 'desk', party)).values())
              expect(amount).toBeGreaterThan(0n);
          }
        }
      } finally {
        await world.net.node.close();
      }
    },
  );
});
