import type { ActiveContract } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { createErasedDefinitions } from '../src/erase/erased-definitions.ts';
import { decodeEnvelope, readDar } from '../src/index.ts';
import { interpretingLedger } from '../testing/interpreting-ledger.test-helper.ts';
import { readSharedDar } from './shared-dars.ts';

// Splice's test token: DummyHolding implements the real token-standard Holding interface.
const holdingPackage = '718a0f77e505a8de22f188bd4c87fe74101274e9d4cb1bfac7d09aec7158d35b';
const allocationRequestPackage = '6fe848530b2404017c4a12874c956ad7d5c8a419ee9b040f96b5c13172d2e193';
const holdingInterface = `${holdingPackage}:Splice.Api.Token.HoldingV1:Holding`;
const allocationRequestInterface = `${allocationRequestPackage}:Splice.Api.Token.AllocationRequestV1:AllocationRequest`;
const alice = `alice::1220${'a'.repeat(64)}`;
const bank = `bank::1220${'b'.repeat(64)}`;

function dummyLedger() {
  const dar = readDar(readSharedDar('splice-token-test-dummy-holding-0.0.3.dar'));
  const packages = new Map(
    dar.archives.map((archive) => {
      const pkg = decodeEnvelope(archive);
      return [pkg.packageId, pkg] as const;
    }),
  );
  const erased = createErasedDefinitions(packages);
  const main = dar.mainPackageId;
  const { registry, submit } = interpretingLedger({
    packages: [main, holdingPackage, allocationRequestPackage].map((id) => erased.erasePackage(id)),
    actAs: [alice, bank],
    ledgerTimeMicros: 1_700_000_000_000_000n,
  });
  return { main, registry, submit };
}

describe('the dummy-holding DAR on the ledger engine', () => {
  it('creates a DummyHolding whose Holding view the LF engine computes', () => {
    const { main, registry, submit } = dummyLedger();
    const created = submit([
      {
        kind: 'create',
        templateId: `${main}:Splice.Api.Token.Test.DummyHolding:DummyHolding`,
        createArguments: { owner: alice, issuer: bank, amount: '12.5' },
      },
    ]);
    const [contract] = created.created;
    expect(contract?.signatories).toEqual([bank, alice].sort());
    expect(contract?.createArgument).toEqual({
      owner: alice,
      issuer: bank,
      amount: '12.5000000000',
    });
    const view = registry.interfaceView(contract as ActiveContract, holdingInterface);
    expect(view.viewValue).toMatchObject({ owner: alice, amount: '12.5000000000' });
  });

  it('exercises an interface choice on DummyTwoInterfaces', () => {
    const { main, submit } = dummyLedger();
    const created = submit([
      {
        kind: 'create',
        templateId: `${main}:Splice.Api.Token.Test.DummyTwoInterfaces:DummyTwoInterfaces`,
        createArguments: { owner: alice, issuer: bank, amount: '1', date: '2025-01-01T00:00:00Z' },
      },
    ]);
    const contractId = created.created[0]?.contractId as string;
    const result = submit([
      {
        kind: 'exercise',
        templateId: allocationRequestInterface,
        contractId,
        choice: 'AllocationRequest_Withdraw',
        choiceArgument: { extraArgs: { context: { values: {} }, meta: { values: {} } } },
      },
    ]);
    const [node] = result.nodes;
    expect(node).toMatchObject({
      kind: 'exercised',
      interfaceId: allocationRequestInterface,
      choice: 'AllocationRequest_Withdraw',
      consuming: true,
      actingParties: [bank],
      exerciseResult: { meta: { values: {} } },
    });
    expect(result.archived).toEqual([contractId]);
  });
});
