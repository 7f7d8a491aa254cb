import { internalSubmission } from '@pocketnet/ledger';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createSpliceDarsNode,
  splicePackageId as idOf,
  sharedSpliceDars as set,
} from '../../testing/splice-node.test-helper.ts';
import type { PocketnetNode } from '../node/create-node.ts';
import { unrestrictedCaller } from '../services/caller.ts';

// The devnet's genesis on Splice's own packages (`--splice-dars`, issue 21): the contracts the
// SV app creates, as Splice's real templates (their package ids), the first rounds opened by
// the real AmuletRules_Bootstrap_Rounds.

const amulet = idOf('splice-amulet');
const governance = idOf('splice-dso-governance');

let node: PocketnetNode;
beforeAll(async () => {
  node = await createSpliceDarsNode();
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

const holdingInterface =
  '718a0f77e505a8de22f188bd4c87fe74101274e9d4cb1bfac7d09aec7158d35b:Splice.Api.Token.HoldingV1:Holding';

it('taps through the real AmuletRules: the amulet is a Holding of the real token standard (InterfaceFilter on 718a0f77…)', async () => {
  const { dso, validatorOperator } = node.devnet?.parties ?? { dso: '', validatorOperator: '' };
  const contractOf = (templateId: string) =>
    [...node.engine.contracts.values()].filter((contract) => contract.templateId === templateId);
  const [rules] = contractOf(`${amulet}:Splice.AmuletRules:AmuletRules`);
  const [round] = contractOf(`${amulet}:Splice.Round:OpenMiningRound`);
  const tapped = await node.engine.submit(
    internalSubmission({
      commands: [
        {
          kind: 'exercise',
          templateId: `${amulet}:Splice.AmuletRules:AmuletRules`,
          contractId: rules?.contractId ?? '',
          choice: 'AmuletRules_DevNet_Tap',
          choiceArgument: {
            receiver: validatorOperator,
            amount: '25.0',
            openRound: round?.contractId ?? '',
          },
        },
      ],
      userId: 'tester',
      commandId: 'tap-1',
      actAs: [validatorOperator],
      readAs: [dso],
    }),
  );
  expect(tapped.nodes.map((n) => `${n.kind} ${n.templateId}`)).toContain(
    `created ${amulet}:Splice.Amulet:Amulet`,
  );
  const wanted = { includeInterfaceView: true, includeCreatedEventBlob: false };
  const interfaces = new Map([[node.catalog.keyOfReference(holdingInterface), wanted]]);
  const holdings = node.reads.activeContracts(
    unrestrictedCaller,
    {
      byParty: new Map([[validatorOperator, { wildcard: null, templates: new Map(), interfaces }]]),
      anyParty: null,
      verbose: false,
    },
    node.reads.ledgerEnd(unrestrictedCaller),
  );
  expect(holdings.map((entry) => entry.event.node.templateId)).toEqual([
    `${amulet}:Splice.Amulet:Amulet`,
  ]);
  // The view Splice's own Amulet instance computes.
  expect(holdings[0]?.event.interfaceViews).toEqual([
    {
      interfaceId: holdingInterface,
      implementationPackageId: amulet,
      viewValue: {
        owner: validatorOperator,
        instrumentId: { admin: dso, id: 'Amulet' },
        amount: '25.0000000000',
        lock: null,
        meta: {
          values: {
            'amulet.splice.lfdecentralizedtrust.org/created-in-round': '0',
            'amulet.splice.lfdecentralizedtrust.org/rate-per-round': '0.00380518',
          },
        },
      },
    },
  ]);
});
