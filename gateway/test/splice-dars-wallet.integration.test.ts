import { readSpliceDarSet } from '@pocketnet/runtime/splice-dars';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { scanOk } from './scan-history-fixtures.ts';
import { advance, tapFor } from './validator-apps-fixtures.ts';
import { ok, startValidatorNode, type ValidatorNode } from './validator-fixtures.ts';

// `pocketnet start --splice-dars ../shared/dars` (issue 21): the validator's wallet taps through
// Splice's own AmuletRules, and the devnet's rounds advance on Splice's own packages.

const set = readSpliceDarSet('../../shared/dars', '0.6.11');
const amulet = set.dars.find((dar) => dar.name === 'splice-amulet')?.packageId ?? '';

let net: ValidatorNode;
beforeAll(async () => {
  net = await startValidatorNode({ spliceDars: set });
});
afterAll(() => net.node.close());

const templateOf = (contractId: string) =>
  [...net.node.node.engine.contracts.values()].find(
    (contract) => contract.contractId === contractId,
  )?.templateId;

it("taps through the validator's wallet API on Splice's own AmuletRules", async () => {
  const contractId = await tapFor(net, net.operatorUser, '10');
  expect(templateOf(contractId)).toBe(`${amulet}:Splice.Amulet:Amulet`);
  const balance = await ok<{ effective_unlocked_qty: string }>(net, '/v0/wallet/balance', {
    user: net.operatorUser,
  });
  expect(balance.effective_unlocked_qty).not.toBe('0');
});

it("opens a new round of Splice's own package as the devnet's time passes", async () => {
  const before = await ok<{ round: number }>(net, '/v0/wallet/balance', { user: net.operatorUser });
  await advance(net, 20 * 60);
  const after = await ok<{ round: number }>(net, '/v0/wallet/balance', { user: net.operatorUser });
  expect(after.round).toBeGreaterThan(before.round);
  const open = [...net.node.node.engine.contracts.values()].filter(
    (contract) => contract.templateId === `${amulet}:Splice.Round:OpenMiningRound`,
  );
  expect(open.map((round) => (round.createArgument.round as { number: string }).number)).toContain(
    String(after.round),
  );
});

it("sums holdings in scan as of the earliest open round of Splice's own package", async () => {
  const { record_time } = await scanOk<{ record_time: string }>(
    net.node,
    '/v0/state/acs/force',
    {},
  );
  const summary = await scanOk<{ computed_as_of_round: number }>(net.node, '/v0/holdings/summary', {
    migration_id: 0,
    record_time,
    owner_party_ids: [net.operator],
  });
  const open = [...net.node.node.engine.contracts.values()]
    .filter((contract) => contract.templateId === `${amulet}:Splice.Round:OpenMiningRound`)
    .map((round) => Number((round.createArgument.round as { number: string }).number));
  expect(summary.computed_as_of_round).toBe(Math.min(...open));
});
