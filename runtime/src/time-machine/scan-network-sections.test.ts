import { type Command, internalSubmission, type Value } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import {
  prepareUsers,
  randomSteps,
  seededRandom,
  userCaller,
} from '../../testing/undo-workload.test-helper.ts';
import { defaultDevnetConfig } from '../devnet/start-devnet.ts';
import type { PocketnetNode } from '../node/create-node.ts';
import { unrestrictedCaller } from '../services/caller.ts';
import { harnessConfig, sectionsThreeWays } from './sections-harness.ts';

// Scan's network views and token registry restored from their state sections (issue 23): what a
// devnet's history leaves in them is the same live, replayed and restored, and so are their reads.

const config = harnessConfig({ ...defaultDevnetConfig, seed: '0' });

const isScanNetworkSection = (name: string) =>
  name.startsWith('scan.network.') || name.startsWith('scan.registry.');

const partyOf = (node: PocketnetNode, user: string) =>
  node.wallet.access.walletOf(userCaller(user)).party;

let activities = 0;

/**
 * Activity of every kind in the latest open round, created as the DSO's automation creates it
 * (a featured app's coupon with a beneficiary, a validator's, an SV's, a liveness record), for
 * the rounds' reward accounting.
 */
async function recordActivity(node: PocketnetNode): Promise<void> {
  const parties = node.devnet?.parties;
  const round = node.scan.network.rounds.latestOpen()?.node.createArgument.round;
  if (!parties || !round) throw new Error('no devnet round');
  const { dso, sv, validatorOperator } = parties;
  const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((user) => partyOf(node, user));
  const create = (entity: string, fields: Record<string, Value>): Command => ({
    kind: 'create',
    templateId: `#splice-amulet:Splice.${entity}`,
    createArguments: { dso, round, ...fields },
  });
  activities += 1;
  await node.engine.submit(
    internalSubmission({
      userId: 'scan-sections',
      commandId: `scan-sections-activity-${activities}`,
      actAs: [dso],
      commands: [
        create('Amulet:AppRewardCoupon', {
          provider: alice ?? '',
          featured: true,
          amount: `${activities}.5`,
          beneficiary: bob ?? null,
        }),
        create('Amulet:ValidatorRewardCoupon', { user: carol ?? '', amount: '2.25' }),
        create('Amulet:SvRewardCoupon', { sv, beneficiary: sv, weight: '10' }),
        create('ValidatorLicense:ValidatorLivenessActivityRecord', {
          validator: validatorOperator,
        }),
      ],
    }),
  );
}

/** Taps, transfer offers and their acceptance, time and rounds moving, featured apps, preapprovals. */
async function splicework(node: PocketnetNode): Promise<void> {
  const controls = node.devnet?.controls;
  if (!controls) throw new Error('no devnet');
  await prepareUsers(node);
  await node.walletApps.featuredApps.selfGrant(userCaller('alice'));
  await node.walletApps.featuredApps.selfGrant(userCaller(node.wallet.validatorUser().userName));
  await node.wallet.preapprovals.createOwn(userCaller('bob'));
  const steps = randomSteps(seededRandom(23), 60);
  for (const [index, step] of steps.entries()) {
    await step.run(node);
    if (index % 12 === 0) await recordActivity(node);
  }
  await controls.advanceRounds(unrestrictedCaller, 3);
}

const orNull = <T>(read: () => T): T | null => {
  try {
    return read();
  } catch {
    return null;
  }
};

/**
 * What clients read of Scan's network and registry, for `parties` (uptime aside: it is the
 * process's). Reads that need holders these sections do not restore (the active contract set,
 * participant state) are left to the whole node's test.
 */
function scanReads(node: PocketnetNode, parties: readonly string[]) {
  const { network, registry } = node.scan;
  const { rounds, rewards, directory } = network;
  const status = network.status();
  const roundNumbers = Array.from({ length: 64 }, (_, number) => BigInt(number));
  const participant = `PAR::${node.identity.participantId}`;
  const [sender = ''] = parties;
  return {
    status: status.kind === 'success' ? { ...status, uptime: null } : status,
    dsoInfo: network.dsoInfo(),
    dsoParty: network.dsoPartyId(),
    open: rounds.open(),
    issuing: rounds.issuing(),
    closed: rounds.closed(),
    timeToLive: rounds.timeToLive(),
    amuletRules: network.amuletRules(),
    externalPartyAmuletRules: network.externalPartyAmuletRules(),
    ansRules: network.ansRules(),
    unclaimedCoupons: network.unclaimedDevelopmentFundCoupons(),
    featuredApps: network.featuredApps.all(),
    featuredOf: parties.map((party) => network.featuredApps.ofProvider(party)),
    preapprovals: parties.map((party) => orNull(() => network.transferPreapprovalOf(party))),
    commands: parties.map((party) => orNull(() => network.transferCommandStatus(party, 0n))),
    counters: parties.map((party) => orNull(() => network.transferCommandCounterOf(party))),
    ans: network.ans.list('', 100),
    names: parties.map((party) => network.ans.byParty(party)),
    licenses: network.licenses.page({ after: null, limit: 100 }),
    faucets: network.licenses.faucets(parties),
    governance: network.governance.amuletPriceVotes(),
    sequencers: directory.sequencers(),
    traffic: directory.memberTraffic(node.identity.synchronizerId, participant),
    configs: roundNumbers.map((number) => orNull(() => network.amuletConfigForRound(number))),
    rewards: roundNumbers.map((number) => [
      rewards.rootHash(number),
      rewards.activityTotals(number),
    ]),
    registry: {
      info: registry.info(),
      instruments: registry.instruments(),
      amulet: registry.instrument('Amulet'),
      transfers: parties.map((receiver) => registry.transferFactory({ sender, receiver })),
      allocation: registry.allocationFactory(),
    },
  };
}

describe("scan's network and registry sections, three ways", () => {
  it('are the same live, replayed and restored after a devnet’s taps, transfers and rounds', async () => {
    const ways = await sectionsThreeWays(config, splicework, { only: isScanNetworkSection });
    try {
      expect(Object.keys(ways.live).sort()).toEqual([
        'scan.network.contracts',
        'scan.network.rounds',
        'scan.network.totals',
        'scan.network.transfer-commands',
        'scan.registry.contracts',
        'scan.registry.supply',
      ]);
      expect(ways.replayed).toEqual(ways.live);
      expect(ways.restored).toEqual(ways.live);
      const { replayed, restored } = ways.nodes;
      const parties = ['alice', 'bob', 'carol', replayed.wallet.validatorUser().userName].map(
        (user) => partyOf(replayed, user),
      );
      const reads = scanReads(replayed, parties);
      // The history reached the rounds whose accounting and fees the reads compare.
      expect(reads.closed.length).toBeGreaterThan(0);
      const computed = reads.rewards.flatMap(([, totals]) =>
        totals?.status === 'Ok' && 'activityRecordsCount' in totals ? [totals] : [],
      );
      expect(computed.length).toBeGreaterThan(10);
      expect(computed.filter((totals) => totals.activityRecordsCount > 0n).length).toBeGreaterThan(
        1,
      );
      expect(reads.featuredApps.length).toBe(2);
      expect(scanReads(restored, parties)).toEqual(reads);
    } finally {
      await ways.nodes.replayed.close();
      await ways.nodes.restored.close();
    }
  }, 120_000);

  it('are the same three ways on LocalNet’s three participants, each app validator onboarded', async () => {
    const localnet = {
      ...config,
      participantName: 'sv',
      participants: ['app-provider', 'app-user'],
      validatorApps: [
        { participant: 'app-provider', partyHint: 'provider', walletUsers: ['provider'] },
        { participant: 'app-user', partyHint: 'user', walletUsers: ['user'] },
      ],
    };
    const ways = await sectionsThreeWays(
      localnet,
      async (node) => {
        await prepareUsers(node);
        await node.devnet?.controls.advanceRounds(unrestrictedCaller, 2);
        await recordActivity(node);
      },
      { only: isScanNetworkSection },
    );
    try {
      expect(Object.keys(ways.live)).toHaveLength(6);
      expect(ways.replayed).toEqual(ways.live);
      expect(ways.restored).toEqual(ways.live);
      const { replayed, restored } = ways.nodes;
      const operators = replayed.validatorApps.map((app) => app.operator);
      expect(scanReads(restored, operators)).toEqual(scanReads(replayed, operators));
    } finally {
      await ways.nodes.replayed.close();
      await ways.nodes.restored.close();
    }
  }, 120_000);
});
