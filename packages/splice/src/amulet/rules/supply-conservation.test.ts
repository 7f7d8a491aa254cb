import { fc, test } from '@fast-check/vitest';
import { isDomainError, parseNumeric } from '@pocketnet/ledger';
import { describe, expect } from 'vitest';
import type { AmuletLedger } from '../../../testing/amulet-ledger.test-helper.ts';
import {
  inputAmulet,
  output,
  startAmuletLedger,
} from '../../../testing/amulet-ledger.test-helper.ts';
import { advanceTicks, openIssuingRounds } from '../../../testing/round-automation.test-helper.ts';
import { synchronizerId } from '../../../testing/splice-ledger.test-helper.ts';
import { amuletTemplateIds as ids } from '../amulet-references.ts';
import type { TransferInput, TransferResult } from '../types/transfer-types.ts';

type Step =
  | { kind: 'tap'; who: number; amount: string }
  | { kind: 'transfer'; from: number; to: number; percent: number; featured: boolean }
  | { kind: 'buyTraffic'; who: number; bytes: number }
  | { kind: 'advance' }
  | { kind: 'mint' };

const who = fc.integer({ min: 0, max: 2 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('tap' as const),
      who,
      amount: fc.integer({ min: 1, max: 10_000_000 }).map((units) => `${units / 1000}`),
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
  { arbitrary: fc.record({ kind: fc.constant('advance' as const) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('mint' as const) }), weight: 2 },
);

type World = {
  net: AmuletLedger;
  parties: string[];
  rights: Map<string, string>;
  featuredAppRight: string;
  minted: bigint;
  burnt: bigint;
};

const amuletsOf = (world: World, owner: string) =>
  world.net.ledger
    .active(ids.amulet)
    .filter(({ payload }) => (payload as { owner: string }).owner === owner)
    .map(({ contractId }) => contractId);

function mintedBy(result: TransferResult): bigint {
  const { summary } = result;
  return [
    summary.inputAppRewardAmount,
    summary.inputValidatorRewardAmount,
    summary.inputSvRewardAmount,
  ]
    .map((amount) => parseNumeric(amount))
    .reduce((total, amount) => total + amount, 0n);
}

function couponInputs(world: World, party: string): TransferInput[] {
  const open = new Set(openIssuingRounds(world.net).map(([round]) => round.number));
  const mine = (template: string, owner: (payload: Record<string, unknown>) => unknown) =>
    world.net.ledger
      .active(template)
      .filter(
        ({ payload }) =>
          owner(payload as Record<string, unknown>) === party &&
          open.has((payload as { round: { number: string } }).round.number),
      )
      .map(({ contractId }) => contractId);
  return [
    ...mine(ids.appRewardCoupon, (coupon) => coupon.beneficiary ?? coupon.provider).map(
      (value) => ({ tag: 'InputAppRewardCoupon', value }) as const,
    ),
    ...mine(ids.validatorRewardCoupon, (coupon) => coupon.user).map(
      (value) => ({ tag: 'InputValidatorRewardCoupon', value }) as const,
    ),
  ];
}

const unitsText = (units: bigint) =>
  `${units / 10n ** 10n}.${(units % 10n ** 10n).toString().padStart(10, '0')}`;

/** Sends a share of the sender's balance (over 100 % is an overdraft the ledger refuses). */
async function transfer(world: World, next: Extract<Step, { kind: 'transfer' }>): Promise<void> {
  const [sender = '', receiver = '', featuredProvider = ''] = [next.from, next.to, 0].map(
    (index) => world.parties[index],
  );
  const amount = (world.net.holdings(sender) * BigInt(next.percent)) / 100n;
  if (amount <= 0n) return;
  const featured = next.featured
    ? { provider: featuredProvider, context: { featuredAppRight: world.featuredAppRight } }
    : {};
  const inputs = amuletsOf(world, sender).map(inputAmulet);
  await world.net.transfer({
    sender,
    inputs,
    outputs: [output(receiver, unitsText(amount))],
    ...featured,
  });
}

async function buyTraffic(
  world: World,
  next: Extract<Step, { kind: 'buyTraffic' }>,
): Promise<void> {
  const { net } = world;
  const buyer = world.parties[next.who] ?? '';
  const { result } = await net.rules('AmuletRules_BuyMemberTraffic', [buyer], {
    inputs: amuletsOf(world, buyer).map(inputAmulet),
    context: {
      openMiningRound: net.openRound(),
      issuingMiningRounds: [],
      validatorRights: [],
      featuredAppRight: null,
    },
    provider: buyer,
    memberId: 'PAR::member::1220aa',
    synchronizerId,
    migrationId: '0',
    trafficAmount: String(next.bytes),
    expectedDso: net.dso,
  });
  world.burnt += parseNumeric((result as { amuletPaid: string }).amuletPaid);
}

async function apply(world: World, next: Step): Promise<void> {
  switch (next.kind) {
    case 'tap':
      await world.net.tap(world.parties[next.who] ?? '', next.amount);
      world.minted += parseNumeric(next.amount);
      return;
    case 'transfer':
      return transfer(world, next);
    case 'buyTraffic':
      return buyTraffic(world, next);
    case 'advance':
      return advanceTicks(world.net, 1);
    case 'mint':
      for (const minter of world.parties) await mintRewards(world, minter);
  }
}

/** What a validator wallet's reward collection does: mint every coupon whose round issues. */
async function mintRewards(world: World, minter: string): Promise<void> {
  const inputs = couponInputs(world, minter);
  if (inputs.length === 0) return;
  const validatorRights = [[minter, world.rights.get(minter) ?? '']];
  const context = { issuingMiningRounds: openIssuingRounds(world.net), validatorRights };
  const result = await world.net.transfer({ sender: minter, inputs, outputs: [], context });
  world.minted += mintedBy(result);
}

async function startWorld(): Promise<World> {
  const net = await startAmuletLedger();
  const parties = await Promise.all(['alice', 'bob', 'carol'].map((hint) => net.party(hint)));
  const rights = new Map<string, string>();
  for (const party of parties)
    rights.set(
      party,
      await net.ledger.create([party], ids.validatorRight, {
        dso: net.dso,
        user: party,
        validator: party,
      }),
    );
  const feature = await net.rules('AmuletRules_DevNet_FeatureApp', [parties[0] ?? ''], {
    provider: parties[0] ?? '',
  });
  const featuredAppRight = (feature.result as { featuredAppRightCid: string }).featuredAppRightCid;
  return { net, parties, rights, featuredAppRight, minted: 0n, burnt: 0n };
}

describe('supply', () => {
  test.prop([fc.array(step, { minLength: 10, maxLength: 40 })], { numRuns: 80 })(
    'is conserved by taps, transfers, traffic purchases, minting and round advances: minted − burnt = Σ holdings',
    async (steps) => {
      const world = await startWorld();
      for (const next of steps) {
        const before = world.net.holdings();
        try {
          await apply(world, next);
        } catch (error) {
          // Overdrafts and overspending purchases are refused, and a refusal changes nothing.
          expect(isDomainError(error) && error.code).toBe('DAML_FAILURE');
          expect(world.net.holdings()).toBe(before);
        }
        expect(world.net.holdings()).toBe(world.minted - world.burnt);
        for (const party of world.parties)
          expect(world.net.holdings(party)).toBeGreaterThanOrEqual(0n);
        for (const { payload } of world.net.ledger.active(ids.amulet)) {
          expect(
            parseNumeric((payload as { amount: { initialAmount: string } }).amount.initialAmount),
          ).toBeGreaterThan(0n);
        }
      }
    },
  );
});
