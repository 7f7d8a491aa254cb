import { defineChoice, t } from '@pocketnet/ledger';
import { amuletTemplateIds } from '../amulet-references.ts';
import { requireDso } from '../support/checked-fetch.ts';
import { decimal, numeric } from '../support/values.ts';
import type { MemberTraffic } from '../templates/member-traffic.ts';
import { memberTraffic } from '../templates/member-traffic.ts';
import { unclaimedReward } from '../templates/unclaimed.ts';
import type { AmuletRules } from './amulet-rules-fields.ts';
import { amuletRulesFields } from './amulet-rules-fields.ts';

/** AmuletRules_Fetch: lets a reader with readAs (not actAs) rights on the DSO fetch the rules. */
export const amuletRulesFetch = defineChoice({
  controllers: (_rules: AmuletRules, { p }) => [p],
  consuming: false,
  argument: { p: t.party() },
  result: t.record(amuletRulesFields, 'Splice.AmuletRules:AmuletRules'),
  body: (_tx, self) => self.payload,
});

const sameMember = (a: MemberTraffic, b: MemberTraffic) =>
  a.memberId === b.memberId &&
  a.synchronizerId === b.synchronizerId &&
  a.migrationId === b.migrationId;

/** AmuletRules_MergeMemberTrafficContracts: the DSO folds a member's purchases into one. */
export const amuletRulesMergeMemberTrafficContracts = defineChoice({
  controllers: (rules: AmuletRules) => [rules.dso],
  consuming: false,
  argument: { trafficCids: t.list(t.contractId(amuletTemplateIds.memberTraffic)) },
  result: t.record(
    { mergedTrafficCid: t.contractId(amuletTemplateIds.memberTraffic) },
    'Splice.AmuletRules:AmuletRules_MergeMemberTrafficContractsResult',
  ),
  body: (tx, self, { trafficCids }) => {
    const traffics = trafficCids.map((cid) => {
      const traffic = tx.fetch(memberTraffic, cid);
      requireDso(tx, traffic, self.payload.dso, cid);
      tx.archive(memberTraffic, cid);
      return traffic;
    });
    const [first] = traffics;
    if (first === undefined) return tx.fail('no MemberTraffic contracts to merge');
    if (!traffics.every((traffic) => sameMember(traffic, first)))
      tx.fail('MemberTraffic contracts of one member');
    const sum = (field: (traffic: MemberTraffic) => bigint) =>
      traffics.reduce((total, traffic) => total + field(traffic), 0n);
    const mergedTrafficCid = tx.create(memberTraffic, {
      ...first,
      totalPurchased: sum((traffic) => BigInt(traffic.totalPurchased)).toString(),
      numPurchases: sum((traffic) => BigInt(traffic.numPurchases)).toString(),
      amuletSpent: decimal(sum((traffic) => numeric(traffic.amuletSpent))),
      usdSpent: decimal(sum((traffic) => numeric(traffic.usdSpent))),
    });
    return { mergedTrafficCid };
  },
});

/** AmuletRules_MergeUnclaimedRewards: the DSO folds unclaimed rewards into one contract. */
export const amuletRulesMergeUnclaimedRewards = defineChoice({
  controllers: (rules: AmuletRules) => [rules.dso],
  consuming: false,
  argument: { unclaimedRewardCids: t.list(t.contractId(amuletTemplateIds.unclaimedReward)) },
  result: t.record(
    { unclaimedRewardCid: t.contractId(amuletTemplateIds.unclaimedReward) },
    'Splice.AmuletRules:AmuletRules_MergeUnclaimedRewardsResult',
  ),
  body: (tx, self, { unclaimedRewardCids }) => {
    if (unclaimedRewardCids.length <= 1) tx.fail('More than one unclaimed reward contracts');
    const amount = unclaimedRewardCids.reduce((total, cid) => {
      const reward = tx.fetch(unclaimedReward, cid);
      requireDso(tx, reward, self.payload.dso, cid);
      tx.archive(unclaimedReward, cid);
      return total + numeric(reward.amount);
    }, 0n);
    return {
      unclaimedRewardCid: tx.create(unclaimedReward, {
        dso: self.payload.dso,
        amount: decimal(amount),
      }),
    };
  },
});
