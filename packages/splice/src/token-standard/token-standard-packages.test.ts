import { checkValue, definePackage, defineTemplate, t } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { startSpliceLedger } from '../../testing/splice-ledger.test-helper.ts';
import { splicePackages } from '../splice-packages.ts';
import { allocationRequestInterfaceId } from './allocation-request-v1.ts';
import { holdingInterface, holdingInterfaceId } from './holding-v1.ts';
import { anyValueType, choiceContextType } from './metadata-v1.ts';
import { tokenStandardPackages } from './token-standard-packages.ts';

// A registry of our own, so the interfaces are exercised without the amulet package.
const testHolding = defineTemplate({
  id: { packageName: 'token-standard-test', module: 'Test.Token', entity: 'TestHolding' },
  fields: { admin: t.party(), owner: t.party(), amount: t.numeric(10) },
  signatories: ({ admin, owner }) => [admin, owner],
  implements: (implement) => [
    implement(holdingInterface, {
      view: ({ admin, owner, amount }) => ({
        owner,
        instrumentId: { admin, id: 'Test' },
        amount,
        lock: null,
        meta: { values: {} },
      }),
    }),
  ],
});
const testPackage = definePackage({
  name: 'token-standard-test',
  version: '1.0.0',
  templates: [testHolding],
});

describe('token-standard packages', () => {
  it('resolve every interface by its package-name reference', async () => {
    const ledger = await startSpliceLedger(tokenStandardPackages);
    const references = [
      holdingInterfaceId,
      '#splice-api-token-metadata-v1:Splice.Api.Token.MetadataV1:AnyContract',
      '#splice-api-token-transfer-instruction-v1:Splice.Api.Token.TransferInstructionV1:TransferInstruction',
      '#splice-api-token-transfer-instruction-v1:Splice.Api.Token.TransferInstructionV1:TransferFactory',
      '#splice-api-token-allocation-v1:Splice.Api.Token.AllocationV1:Allocation',
      '#splice-api-token-allocation-instruction-v1:Splice.Api.Token.AllocationInstructionV1:AllocationFactory',
      '#splice-api-token-allocation-instruction-v1:Splice.Api.Token.AllocationInstructionV1:AllocationInstruction',
      allocationRequestInterfaceId,
    ];
    for (const reference of references) {
      expect(ledger.engine.packages.resolveInterface(reference).kind).toBe('interface');
    }
    const versions = ledger.engine.packages.packages().map(({ name, version }) => [name, version]);
    expect(versions).toContainEqual(['splice-api-token-holding-v1', '1.0.0']);
    expect(versions).toContainEqual(['splice-api-token-allocation-request-v1', '1.0.0']);
  });

  it('are all among the packages a node runs, the allocation request API included', () => {
    const names = splicePackages.map((found) => found.name);
    for (const found of tokenStandardPackages) expect(names).toContain(found.name);
    expect(names).toContain('splice-api-token-allocation-request-v1');
  });

  it('computes a Holding view by interface id with ten decimal places', async () => {
    const ledger = await startSpliceLedger([...tokenStandardPackages, testPackage]);
    const admin = await ledger.party('admin');
    const owner = await ledger.party('owner');
    const contractId = await ledger.create(
      [admin, owner],
      '#token-standard-test:Test.Token:TestHolding',
      { admin, owner, amount: '1000' },
    );
    const contract = [...ledger.engine.contracts.values()].find(
      (active) => active.contractId === contractId,
    );
    if (contract === undefined) throw new Error('holding not created');
    const view = ledger.engine.packages.interfaceView(contract, holdingInterfaceId);
    expect(view.viewValue).toEqual({
      owner,
      instrumentId: { admin, id: 'Test' },
      amount: '1000.0000000000',
      lock: null,
      meta: { values: {} },
    });
  });

  it('accepts nested AnyValues in a choice context', () => {
    const context = {
      values: {
        'amulet-rules': { tag: 'AV_ContractId', value: `00${'ab'.repeat(32)}` },
        'expire-lock': { tag: 'AV_Bool', value: true },
        nested: {
          tag: 'AV_List',
          value: [{ tag: 'AV_Map', value: { amount: { tag: 'AV_Decimal', value: '1.5' } } }],
        },
      },
    };
    const checked = checkValue(choiceContextType, context, 'context');
    expect(checked).toMatchObject({
      values: {
        nested: {
          value: [{ value: { amount: { tag: 'AV_Decimal', value: '1.5000000000' } } }],
        },
      },
    });
    expect(() => checkValue(anyValueType, { tag: 'AV_Nope', value: 1 }, 'v')).toThrow(/AV_Nope/);
  });
});
