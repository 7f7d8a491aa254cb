import { definePackage, defineTemplate } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { startExternalFixture } from '../../testing/external.test-helper.ts';
import { synchronizerId } from '../../testing/splice-ledger.test-helper.ts';
import { amountsOf, dayMicros, nowTime } from '../../testing/token-transfer.test-helper.ts';
import { amuletTemplateIds } from '../amulet/amulet-references.ts';
import { devNetAmuletRules } from '../amulet/default-config.ts';
import { amuletRulesFields } from '../amulet/rules/amulet-rules-fields.ts';
import { externalReferences } from './amulet-references.ts';
import { amuletRulesPreapprovalChoices } from './preapproval-creation.ts';

// The preapproval-creating AmuletRules choices, hosted by a stand-in of AmuletRules until the
// amulet core plugs them into its own template.
const rulesWithPreapprovals = defineTemplate({
  id: { packageName: 'external-test', module: 'Test.Rules', entity: 'RulesWithPreapprovals' },
  fields: amuletRulesFields,
  signatories: ({ dso }) => [dso],
  choices: () => amuletRulesPreapprovalChoices,
});
const testPackage = definePackage({
  name: 'external-test',
  version: '1.0.0',
  templates: [rulesWithPreapprovals],
});
const rulesReference = '#external-test:Test.Rules:RulesWithPreapprovals';

async function setUp() {
  const fixture = await startExternalFixture([testPackage]);
  const rules = await fixture.ledger.create(
    [fixture.dso],
    rulesReference,
    devNetAmuletRules({ dso: fixture.dso, synchronizerId }),
  );
  const validator = await fixture.ledger.party('validator');
  const user = await fixture.ledger.party('user');
  const payment = async () => ({
    context: {
      amuletRules: fixture.amuletRules,
      context: {
        openMiningRound: fixture.openRound(),
        issuingMiningRounds: [],
        validatorRights: [],
        featuredAppRight: null,
      },
    },
    inputs: [{ tag: 'InputAmulet', value: await fixture.tap(validator, '100') }],
    expectedDso: fixture.dso,
  });
  const propose = async (days: bigint) =>
    fixture.exercise(
      [validator],
      {
        templateId: rulesReference,
        contractId: rules,
        choice: 'AmuletRules_CreateExternalPartySetupProposal',
        choiceArgument: {
          ...(await payment()),
          user,
          validator,
          preapprovalExpiresAt: nowTime(fixture, days * dayMicros),
        },
      },
      [rules, fixture.openRound()],
    );
  return { fixture, rules, validator, user, payment, propose };
}

describe('ExternalPartySetupProposal', () => {
  it('is paid by the validator and, accepted by the user, yields a ValidatorRight and a TransferPreapproval', async () => {
    const { fixture, validator, user, propose } = await setUp();
    const { result } = await propose(100n);
    expect(result).toMatchObject({ user, validator, amuletPaid: '5.4800000000' });
    expect(amountsOf(fixture.holdings(validator))).toEqual(['94.5200000000']);
    const proposal = String((result as { proposalCid: string }).proposalCid);
    const accepted = await fixture.exercise([user], {
      templateId: externalReferences.externalPartySetupProposal,
      contractId: proposal,
      choice: 'ExternalPartySetupProposal_Accept',
      choiceArgument: {},
    });
    expect(accepted.result).toMatchObject({
      validatorRightCid: expect.any(String),
      transferPreapprovalCid: expect.any(String),
    });
    expect(
      fixture.ledger.active(amuletTemplateIds.validatorRight).map(({ payload }) => payload),
    ).toEqual([{ dso: fixture.dso, user, validator }]);
    const [preapproval] = fixture.ledger.active(externalReferences.transferPreapproval);
    expect(preapproval?.payload).toMatchObject({
      receiver: user,
      provider: validator,
      expiresAt: nowTime(fixture, 100n * dayMicros),
    });
  });

  it('can be rejected by the user and withdrawn by the validator', async () => {
    const { fixture, validator, user, propose } = await setUp();
    const decide = async (party: string, choice: string) => {
      const { result } = await propose(30n);
      const contractId = String((result as { proposalCid: string }).proposalCid);
      const templateId = externalReferences.externalPartySetupProposal;
      return fixture.exercise([party], {
        templateId,
        contractId,
        choice,
        choiceArgument: { reason: 'no' },
      });
    };
    expect((await decide(user, 'ExternalPartySetupProposal_Reject')).result).toEqual({
      dummyArg: {},
    });
    expect((await decide(validator, 'ExternalPartySetupProposal_Withdraw')).result).toEqual({
      dummyArg: {},
    });
    await expect(decide(user, 'ExternalPartySetupProposal_Withdraw')).rejects.toMatchObject({
      code: 'DAML_AUTHORIZATION_ERROR',
    });
    expect(fixture.ledger.active(externalReferences.externalPartySetupProposal)).toHaveLength(1);
  });

  it('AmuletRules_CreateTransferPreapproval charges nothing within the free 90 days', async () => {
    const { fixture, rules, validator, user, payment } = await setUp();
    const { result } = await fixture.exercise(
      [validator, user],
      {
        templateId: rulesReference,
        contractId: rules,
        choice: 'AmuletRules_CreateTransferPreapproval',
        choiceArgument: {
          ...(await payment()),
          receiver: user,
          provider: validator,
          expiresAt: nowTime(fixture, 90n * dayMicros),
        },
      },
      [rules, fixture.openRound()],
    );
    expect(result).toMatchObject({ amuletPaid: '0.0000000000' });
    expect(amountsOf(fixture.holdings(validator))).toEqual(['100.0000000000']);
    const [preapproval] = fixture.ledger.active(externalReferences.transferPreapproval);
    expect(preapproval?.payload).toMatchObject({
      receiver: user,
      provider: validator,
      validFrom: nowTime(fixture),
    });
  });
});
