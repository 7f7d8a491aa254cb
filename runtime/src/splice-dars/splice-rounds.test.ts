import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSpliceDarsNode, splicePackageId } from '../../testing/splice-node.test-helper.ts';
import type { PocketnetNode } from '../node/create-node.ts';
import { unrestrictedCaller } from '../services/caller.ts';

// With `--splice-dars` (issue 21), `#splice-…` names mean Splice's own packages for every
// service of the node, and the SV's round automation advances rounds on the real AmuletRules.

const amulet = splicePackageId('splice-amulet');

let node: PocketnetNode;
beforeAll(async () => {
  node = await createSpliceDarsNode();
});
afterAll(() => node.close());

const roundsOf = (entity: string, module = 'Splice.Round') =>
  [...node.engine.contracts.values()]
    .filter((contract) => contract.templateId === `${amulet}:${module}:${entity}`)
    .map((contract) => (contract.createArgument.round as { number: string }).number)
    .sort();

it("resolves Splice's package names to the uploaded packages, not the node's TypeScript ones", () => {
  expect(node.packages.selectPackage('splice-amulet')?.packageId).toBe(amulet);
  expect(
    node.packages.resolveTemplate('#splice-amulet:Splice.AmuletRules:AmuletRules'),
  ).toMatchObject({ templateId: `${amulet}:Splice.AmuletRules:AmuletRules` });
});

it("records the validator's liveness on Splice's own ValidatorLicense (the automations' index)", async () => {
  const [work] = node.automation.liveness.pending();
  expect(work).toMatchObject({ validator: node.devnet?.parties.validatorOperator });
  if (work) await node.automation.liveness.record(work, 'liveness-on-splice-dars');
  expect(roundsOf('ValidatorLivenessActivityRecord', 'Splice.ValidatorLicense')).toEqual([
    work?.round,
  ]);
});

it('advances rounds on the real AmuletRules: a new OpenMiningRound of the real package, in scan too', async () => {
  expect(roundsOf('OpenMiningRound')).toEqual(['0', '1', '2']);
  await node.devnet?.controls.advanceRounds(unrestrictedCaller, 1);
  expect(roundsOf('OpenMiningRound')).toEqual(['1', '2', '3']);
  // The summarised round is issuing at once: AmuletRules_MiningRound_StartIssuing on the real package.
  expect(roundsOf('SummarizingMiningRound')).toEqual([]);
  expect(roundsOf('IssuingMiningRound')).toEqual(['0']);
  const latest = node.scan.network.dsoInfo().latestMiningRound.node;
  expect(latest.templateId).toBe(`${amulet}:Splice.Round:OpenMiningRound`);
  expect((latest.createArgument.round as { number: string }).number).toBe('3');
});

it('closes and archives rounds on the real AmuletRules as time passes', async () => {
  await node.devnet?.controls.advanceRounds(unrestrictedCaller, 3);
  expect(roundsOf('OpenMiningRound')).toEqual(['4', '5', '6']);
  expect(roundsOf('ClosedMiningRound')).toContain('0');
  await node.devnet?.controls.advanceTime(unrestrictedCaller, 60_000_000n);
  expect(roundsOf('ClosedMiningRound')).not.toContain('0');
});
