import { describe, expect, it } from 'vitest';
import { startSpliceLedger, synchronizerId } from '../../testing/splice-ledger.test-helper.ts';
import { tokenStandardPackages } from '../token-standard/token-standard-packages.ts';
import { amuletTemplateIds as ids } from './amulet-references.ts';
import { devNetAmuletRules } from './default-config.ts';
import { spliceAmuletPackage } from './splice-amulet-assembly.ts';

describe('splice-amulet as a node loads it', () => {
  it('holds the core and the external-party templates, and AmuletRules has every choice', async () => {
    const entities = spliceAmuletPackage.templates.map(({ id }) => `${id.module}:${id.entity}`);
    expect(entities).toEqual(
      expect.arrayContaining([
        'Splice.Amulet:Amulet',
        'Splice.AmuletRules:AmuletRules',
        'Splice.AmuletRules:TransferPreapproval',
        'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules',
      ]),
    );
    const rules = spliceAmuletPackage.templates.find(({ id }) => id.entity === 'AmuletRules');
    expect([...(rules?.choices.keys() ?? [])]).toEqual(
      expect.arrayContaining(['AmuletRules_Transfer', 'AmuletRules_CreateTransferPreapproval']),
    );
    const ledger = await startSpliceLedger([spliceAmuletPackage, ...tokenStandardPackages]);
    const dso = await ledger.party('DSO');
    const rulesCid = await ledger.create(
      [dso],
      ids.amuletRules,
      devNetAmuletRules({ dso, synchronizerId }),
    );
    const { result } = await ledger.exercise([dso], {
      templateId: ids.amuletRules,
      contractId: rulesCid,
      choice: 'AmuletRules_Bootstrap_Rounds',
      choiceArgument: {
        amuletPrice: '0.005',
        round0Duration: { microseconds: '600000000' },
        initialRound: null,
      },
    });
    expect(result).toMatchObject({ initialRound: { number: '0' } });
  });
});
