import { fileURLToPath } from 'node:url';
import { createSimulatedClock } from '@pocketnet/ledger';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultDevnetConfig } from '../devnet/start-devnet.ts';
import { createNode, type PocketnetNode } from '../node/create-node.ts';
import { unrestrictedCaller } from '../services/caller.ts';
import { readSpliceDarSet } from './splice-dar-set.ts';

// The devnet's genesis on Splice's own packages (`--splice-dars`, issue 21): the contracts the
// SV app creates, as Splice's real templates (their package ids), the first rounds opened by
// the real AmuletRules_Bootstrap_Rounds.

const sharedDars = fileURLToPath(new URL('../../../../shared/dars/', import.meta.url));
const set = readSpliceDarSet(sharedDars, '0.6.11');
const idOf = (name: string) => set.dars.find((dar) => dar.name === name)?.packageId ?? '';
const amulet = idOf('splice-amulet');
const governance = idOf('splice-dso-governance');

let node: PocketnetNode;
beforeAll(async () => {
  node = await createNode({
    dataDir: null,
    clock: createSimulatedClock(1_767_225_600_000_000n),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
    devnet: defaultDevnetConfig,
    spliceDars: set,
  });
});
afterAll(() => node.close());

it("creates the devnet with Splice's real templates", () => {
  const templates = [...node.engine.contracts.values()].map((contract) => contract.templateId);
  expect(templates.sort()).toEqual(
    [
      `${amulet}:Splice.AmuletRules:AmuletRules`,
      `${amulet}:Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules`,
      `${governance}:Splice.DsoRules:DsoRules`,
      `${governance}:Splice.DSO.SvState:SvNodeState`,
      `${idOf('splice-amulet-name-service')}:Splice.Ans:AnsRules`,
      `${amulet}:Splice.Amulet:FeaturedAppRight`,
      `${amulet}:Splice.ValidatorLicense:ValidatorLicense`,
      `${amulet}:Splice.Round:OpenMiningRound`,
      `${amulet}:Splice.Round:OpenMiningRound`,
      `${amulet}:Splice.Round:OpenMiningRound`,
      `${amulet}:Splice.ExternalPartyConfigState:ExternalPartyConfigState`,
      `${amulet}:Splice.ExternalPartyConfigState:ExternalPartyConfigState`,
      `${idOf('splice-wallet')}:Splice.Wallet.Install:WalletAppInstall`,
      `${amulet}:Splice.Amulet:ValidatorRight`,
    ].sort(),
  );
  expect(amulet).toBe('23f47481dab6b1ec01339d6e14494d85bb2844c25f45b26fc5c9ef4cd4942d1f');
});

it("serves the real AmuletRules and DsoRules through scan, and lists Splice's package ids", () => {
  expect(node.scan.network.amuletRules().node.templateId).toBe(
    `${amulet}:Splice.AmuletRules:AmuletRules`,
  );
  const info = node.scan.network.dsoInfo();
  expect(info.dsoRules.node.templateId).toBe(`${governance}:Splice.DsoRules:DsoRules`);
  expect(info.latestMiningRound.node.templateId).toBe(`${amulet}:Splice.Round:OpenMiningRound`);
  const listed = node.packageAdmin.list(unrestrictedCaller).map((pkg) => pkg.packageId);
  expect(listed).toEqual(expect.arrayContaining(set.dars.map((dar) => dar.packageId)));
});
