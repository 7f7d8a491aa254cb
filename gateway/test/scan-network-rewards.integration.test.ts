import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exercise, json } from './ledger-fixtures.ts';
import { type ScanContract, scanCall, scanError, scanOk } from './scan-network-fixtures.ts';
import {
  inputAmulet,
  output,
  rulesChoice,
  submitTree,
  tap,
  transferContext,
} from './splice-amulet-calls.ts';
import {
  advanceRounds,
  type CreatedEvent,
  decimal,
  dsoContracts,
  latestOpenRound,
  onlyContract,
  partyWithUser,
  type SpliceNode,
  spliceIds,
  startSpliceNode,
  units,
} from './splice-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// CIP-104 reward accounting as Scan serves it: per closed round, the minting allowances its
// activity records earn at the round's issuance rates, in a Merkle tree with a hex root.

const base = '/v0/internal/reward-accounting-process/rounds';
const licenseId = '#splice-amulet:Splice.ValidatorLicense:ValidatorLicense';
const livenessId = '#splice-amulet:Splice.ValidatorLicense:ValidatorLivenessActivityRecord';

type RootHash = { status: string; round_number?: number; root_hash?: string };
type Batch =
  | { batch_type: 'BatchOfBatches'; child_hashes: string[] }
  | { batch_type: 'BatchOfMintingAllowances'; minting_allowances: Allowance[] };
type Allowance = { provider: string; amount: string };
type IssuingRates = Record<string, string | null>;

/** A × B in Numeric 10, which the figures here keep exact. */
function times(a: string, b: string): bigint {
  const product = units(a) * units(b);
  expect(product % 10n ** 10n).toBe(0n);
  return product / 10n ** 10n;
}

/** Records liveness for the operator in the latest open round. */
async function recordLiveness(net: SpliceNode) {
  const [license] = (await dsoContracts(net, licenseId)).filter(
    (event) => event.createArgument.validator === net.operator,
  );
  await submitTree(net, {
    user: net.operatorUser,
    actAs: [net.operator],
    commands: [
      exercise(
        licenseId,
        license?.contractId ?? '',
        'ValidatorLicense_RecordValidatorLivenessActivity',
        {
          openRoundCid: (await latestOpenRound(net)).contractId,
        },
      ),
    ],
  });
}

/** Advances round by round until `round` has closed, keeping each issuing round's rates. */
async function advanceUntilClosed(node: TestNode, net: SpliceNode, round: number) {
  const rates = new Map<number, IssuingRates>();
  for (let step = 0; step < 12; step++) {
    const issuing = await scanOk<{
      issuing_mining_rounds: Record<string, { contract: ScanContract }>;
    }>(node, '/v0/open-and-issuing-mining-rounds', {
      body: { cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: [] },
    });
    for (const { contract } of Object.values(issuing.issuing_mining_rounds)) {
      const number = Number((contract.payload.round as { number: string }).number);
      rates.set(number, contract.payload as IssuingRates);
    }
    const answer = await scanOk<RootHash>(node, `${base}/${round}/root-hash`);
    if (answer.status === 'Ok') return rates;
    expect(answer).toEqual({ status: 'Undetermined' });
    await advanceRounds(net, 1);
  }
  throw new Error(`round ${round} did not close`);
}

describe('Scan: reward accounting', () => {
  let net: SpliceNode;
  let alice: string;
  let round: number;
  let records: CreatedEvent[];

  beforeAll(async () => {
    net = await startSpliceNode();
    alice = await partyWithUser(net, 'alice');
  });
  afterAll(() => net.node.close());

  it('starts at the first round; earlier ones it cannot provide, open ones are undetermined', async () => {
    expect(await scanOk(net.node, `${base}/earliest-available`)).toEqual({ earliest_round: 0 });
    for (const kind of ['root-hash', 'activity-totals']) {
      expect(await scanOk(net.node, `${base}/-1/${kind}`)).toEqual({ status: 'CannotProvide' });
      for (const number of [0, 1, 2, 1000]) {
        expect(await scanOk(net.node, `${base}/${number}/${kind}`)).toEqual({
          status: 'Undetermined',
        });
      }
    }
    await scanError(net.node, `${base}/-1/batches/${'0'.repeat(64)}`, {
      status: 404,
      message: /batch/,
    });
    await scanError(net.node, `${base}/x/root-hash`, { status: 400, message: /round_number/ });
    await scanError(net.node, `${base}/1/batches/not-hex`, { status: 400, message: /hex/ });
  });

  it('roots a closed round’s allowances: coupons × the round’s rates, by party', async () => {
    round = (await latestOpenRound(net)).number;
    // Activity in one round: a traffic purchase (alice's validator reward), the operator's
    // liveness, and a featured transfer whose app reward goes to alice as beneficiary.
    const coin = (await tap(net, 'alice', alice, '5000.0')).amulet;
    const bought = await rulesChoice(net, {
      user: 'alice',
      actAs: [alice],
      choice: 'AmuletRules_BuyMemberTraffic',
      argument: {
        inputs: [inputAmulet(coin)],
        context: await transferContext(net),
        provider: alice,
        memberId: `PAR::${net.node.node.identity.participantId}`,
        synchronizerId: net.node.node.identity.synchronizerId,
        migrationId: '0',
        trafficAmount: '1000000',
        expectedDso: net.dso,
      },
    });
    expect(bought.status).toBe(200);
    await recordLiveness(net);
    const right = await onlyContract(net, spliceIds.featuredAppRight);
    const operatorCoin = (await tap(net, net.operatorUser, net.operator, '100.0')).amulet;
    await rulesChoice(net, {
      user: net.operatorUser,
      actAs: [net.operator],
      choice: 'AmuletRules_Transfer',
      argument: {
        transfer: {
          sender: net.operator,
          provider: net.operator,
          inputs: [inputAmulet(operatorCoin)],
          outputs: [output(net.operator, '10.0')],
          beneficiaries: [{ beneficiary: alice, weight: '1.0' }],
        },
        context: await transferContext(net, { featuredAppRight: right.contractId }),
        expectedDso: net.dso,
      },
    });
    // splice-amulet 0.1.20's featured transfer leaves an activity marker, which the DSO's
    // automation (due at once) turns into alice's AppRewardCoupon of the round.
    await net.node.call('/api/devnet/v0/time/advance', { body: { seconds: 1 } });
    const ofRound = (event: CreatedEvent) =>
      Number((event.createArgument.round as { number: string }).number) === round;
    records = [
      ...(await dsoContracts(net, spliceIds.validatorRewardCoupon)),
      ...(await dsoContracts(net, spliceIds.appRewardCoupon)),
      ...(await dsoContracts(net, livenessId)),
    ].filter(ofRound);
    expect(records.map((event) => event.templateId.split(':').pop()).sort()).toEqual([
      'AppRewardCoupon',
      'ValidatorLivenessActivityRecord',
      'ValidatorRewardCoupon',
    ]);
    expect(await scanOk(net.node, `${base}/${round}/root-hash`)).toEqual({
      status: 'Undetermined',
    });

    const rates = (await advanceUntilClosed(net.node, net, round)).get(round);
    expect(rates).toBeDefined();
    const expected = new Map<string, bigint>();
    const add = (party: string, amount: bigint) =>
      expected.set(party, (expected.get(party) ?? 0n) + amount);
    for (const { createArgument: coupon, templateId } of records) {
      if (templateId.endsWith(':ValidatorRewardCoupon')) {
        add(
          String(coupon.user),
          times(String(coupon.amount), String(rates?.issuancePerValidatorRewardCoupon)),
        );
      } else if (templateId.endsWith(':AppRewardCoupon')) {
        expect(coupon).toMatchObject({
          provider: net.operator,
          beneficiary: alice,
          featured: true,
        });
        add(alice, times(String(coupon.amount), String(rates?.issuancePerFeaturedAppRewardCoupon)));
      } else {
        add(net.operator, units(String(rates?.optIssuancePerValidatorFaucetCoupon)));
      }
    }
    const hash = await scanOk<RootHash>(net.node, `${base}/${round}/root-hash`);
    expect(hash).toEqual({
      status: 'Ok',
      round_number: round,
      root_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const batch = await scanOk<Batch>(net.node, `${base}/${round}/batches/${hash.root_hash}`);
    expect(batch).toEqual({
      batch_type: 'BatchOfMintingAllowances',
      minting_allowances: [...expected]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([provider, amount]) => ({ provider, amount: decimal(amount) })),
    });
    // The root belongs to its round only.
    await scanError(net.node, `${base}/${round + 1}/batches/${hash.root_hash}`, {
      status: 404,
      message: /batch/,
    });
    await scanError(net.node, `${base}/${round}/batches/${'0'.repeat(64)}`, {
      status: 404,
      message: /batch/,
    });
  });

  it('totals the same records the tree holds', async () => {
    const coupon = records.find((event) => event.templateId.endsWith(':AppRewardCoupon'));
    const batch = await scanOk<Batch>(
      net.node,
      `${base}/${round}/batches/${(await scanOk<RootHash>(net.node, `${base}/${round}/root-hash`)).root_hash}`,
    );
    const allowances =
      batch.batch_type === 'BatchOfMintingAllowances' ? batch.minting_allowances : [];
    const totals = await scanOk<Record<string, unknown>>(
      net.node,
      `${base}/${round}/activity-totals`,
    );
    expect(totals).toMatchObject({
      status: 'Ok',
      round_number: round,
      total_app_activity_weight: 1,
      active_parties_count: allowances.length,
      activity_records_count: 3,
      total_app_reward_thresholded: '0.0000000000',
      rewarded_app_provider_parties_count: 1,
    });
    expect(allowances.map((allowance) => allowance.provider).sort()).toEqual(
      [alice, net.operator].sort(),
    );
    // alice's allowance holds her validator reward and the app reward; the app part alone:
    expect(units(String(totals.total_app_reward_minting_allowance))).toBeGreaterThan(0n);
    expect(units(String(totals.total_app_reward_minting_allowance))).toBeLessThan(
      units(allowances.find((allowance) => allowance.provider === alice)?.amount ?? '0'),
    );
    expect(coupon?.createArgument.amount).toBe('200.0000000000');
    expect(units(String(totals.total_app_reward_unclaimed))).toBeGreaterThan(0n);
  });

  it('gives a root, and zero totals, for a closed round without activity', async () => {
    const hash = await scanOk<RootHash>(net.node, `${base}/0/root-hash`);
    expect(hash.status).toBe('Ok');
    expect(await scanOk(net.node, `${base}/0/batches/${hash.root_hash}`)).toEqual({
      batch_type: 'BatchOfMintingAllowances',
      minting_allowances: [],
    });
    expect(await scanOk(net.node, `${base}/0/activity-totals`)).toMatchObject({
      status: 'Ok',
      activity_records_count: 0,
      active_parties_count: 0,
      total_app_reward_minting_allowance: '0.0000000000',
    });
  });
});

/** A devnet node whose operator's user also reads as the DSO, as startSpliceNode sets it up. */
async function asSpliceNode(node: TestNode): Promise<SpliceNode> {
  const parties = node.node.devnet?.parties;
  if (!parties) throw new Error('the node has no devnet');
  const right = { kind: { CanReadAs: { value: { party: parties.dso } } } };
  const grant = { userId: 'administrator', rights: [right], identityProviderId: '' };
  await json(await node.call('/v2/users/administrator/rights', { body: grant }));
  return {
    node,
    dso: parties.dso,
    sv: parties.sv,
    operator: parties.validatorOperator,
    operatorUser: 'administrator',
    dsoReader: 'administrator',
  };
}

describe('Scan: reward accounting across a restart', () => {
  it('computes the same roots from a file journal after the node restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pocketnet-scan-rewards-'));
    try {
      const roots = async (node: TestNode) => {
        const found: RootHash[] = [];
        for (let number = 0; number < 6; number++) {
          found.push(await scanOk<RootHash>(node, `${base}/${number}/root-hash`));
        }
        return found;
      };
      let first: RootHash[];
      {
        const node = await startTestNode({ dataDir, devnet: true });
        const net = await asSpliceNode(node);
        await recordLiveness(net);
        await advanceUntilClosed(node, net, 1);
        first = await roots(node);
        await node.close();
      }
      expect(first.filter((hash) => hash.status === 'Ok').length).toBeGreaterThanOrEqual(2);
      const restarted = await startTestNode({ dataDir, devnet: true });
      try {
        expect(await roots(restarted)).toEqual(first);
        const [, one] = first;
        const batch = await scanCall<Batch>(restarted, `${base}/1/batches/${one?.root_hash}`);
        expect(batch.body).toEqual({
          batch_type: 'BatchOfMintingAllowances',
          minting_allowances: [
            {
              provider: restarted.node.devnet?.parties.validatorOperator,
              amount: expect.any(String),
            },
          ],
        });
      } finally {
        await restarted.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
