import { describe, expect, test } from 'vitest';
import {
  alice,
  assetId,
  bank,
  bob,
  createdId,
  createIou,
  createTestLedger,
  exercise,
  iouId,
  registrationId,
} from '../../testing/test-ledger.test-helper.ts';
import { deepTree, testPackage } from '../../testing/test-package.test-helper.ts';
import { examplePackages, examplesPackage } from '../examples/examples-package.ts';
import type { ExercisedNode } from '../transaction.ts';

const probeId = '#pocketnet-tests:Test:Probe';

function ledgerWithTests() {
  return createTestLedger([...examplePackages, testPackage]);
}

function register(
  ledger: ReturnType<typeof createTestLedger>,
  currency = 'USD',
  description = 'dollars',
) {
  const result = ledger.submit({
    actAs: [bank],
    commands: [
      {
        kind: 'create',
        templateId: registrationId,
        createArguments: { issuer: bank, currency, description, observers: [] },
      },
    ],
  });
  return createdId(result, 'CurrencyRegistration');
}

function probe(ledger: ReturnType<typeof createTestLedger>, holder: string, target: string) {
  const result = ledger.submit({
    actAs: [holder],
    commands: [{ kind: 'create', templateId: probeId, createArguments: { holder, target } }],
  });
  return result.created[0]?.contractId ?? '';
}

describe('contract keys', () => {
  test('a second contract with the same key is a duplicate', () => {
    const ledger = createTestLedger();
    const first = register(ledger);
    expect(ledger.store.lookup(first)?.contractKey).toEqual({ _1: bank, _2: 'USD' });
    const error = ledger.reject({
      actAs: [bank],
      commands: [
        {
          kind: 'create',
          templateId: registrationId,
          createArguments: { issuer: bank, currency: 'USD', description: 'again', observers: [] },
        },
      ],
    });
    expect(error.code).toBe('DUPLICATE_CONTRACT_KEY');
    register(ledger, 'EUR');
  });

  test('exercise by key finds the contract, and a consuming choice frees and retakes the key', () => {
    const ledger = createTestLedger();
    const first = register(ledger);
    const result = ledger.submit({
      actAs: [bank],
      commands: [
        {
          kind: 'exerciseByKey',
          templateId: registrationId,
          contractKey: { _1: bank, _2: 'USD' },
          choice: 'CurrencyRegistration_Describe',
          choiceArgument: { description: 'US dollars' },
        },
      ],
    });
    expect(result.archived).toEqual([first]);
    expect(result.created[0]?.createArgument.description).toBe('US dollars');
    expect(result.created[0]?.contractKey).toEqual({ _1: bank, _2: 'USD' });
  });

  test('exercise by key of a missing or invisible key is CONTRACT_KEY_NOT_FOUND', () => {
    const ledger = createTestLedger();
    register(ledger);
    const byKey = (actAs: string, currency: string) =>
      ledger.reject({
        actAs: [actAs],
        commands: [
          {
            kind: 'exerciseByKey',
            templateId: registrationId,
            contractKey: { _1: bank, _2: currency },
            choice: 'CurrencyRegistration_Describe',
            choiceArgument: { description: 'x' },
          },
        ],
      });
    expect(byKey(bank, 'CHF').code).toBe('CONTRACT_KEY_NOT_FOUND');
    expect(byKey(alice, 'USD').code).toBe('CONTRACT_KEY_NOT_FOUND');
    const badKey = ledger.reject({
      actAs: [bank],
      commands: [
        {
          kind: 'exerciseByKey',
          templateId: registrationId,
          contractKey: { _1: bank },
          choice: 'Archive',
          choiceArgument: {},
        },
      ],
    });
    expect(badKey.message).toBe('contractKey._2: missing required field');
  });

  test('bodies look up, fetch and exercise by key', () => {
    const ledger = ledgerWithTests();
    const usd = register(ledger);
    register(ledger, 'EUR', 'euros');
    const lookUp = ledger.submit({
      actAs: [bank],
      commands: [exercise(registrationId, usd, 'CurrencyRegistration_LookUp', { currency: 'EUR' })],
    });
    expect(lookUp.nodes[0]).toMatchObject({
      consuming: false,
      exerciseResult: 'euros',
      childNodeIds: [],
    });
    const none = ledger.submit({
      actAs: [bank],
      commands: [exercise(registrationId, usd, 'CurrencyRegistration_LookUp', { currency: 'GBP' })],
    });
    expect((none.nodes[0] as ExercisedNode).exerciseResult).toBeNull();
    const bankProbe = probe(ledger, bank, usd);
    const renamed = ledger.submit({
      actAs: [bank],
      commands: [
        exercise(probeId, bankProbe, 'Probe_Describe', {
          currency: 'EUR',
          description: 'EU euros',
        }),
      ],
    });
    expect(renamed.nodes.map((node) => node.kind)).toEqual(['exercised', 'exercised', 'created']);
    expect(
      renamed.created.find((c) => c.templateId.endsWith('CurrencyRegistration'))?.createArgument
        .description,
    ).toBe('EU euros');
  });

  test('lookupByKey needs the maintainers authority', () => {
    const ledger = ledgerWithTests();
    register(ledger);
    const aliceProbe = probe(ledger, alice, '00ab');
    const error = ledger.reject({
      actAs: [alice],
      commands: [exercise(probeId, aliceProbe, 'Probe_LookUp', { issuer: bank, currency: 'USD' })],
    });
    expect(error.code).toBe('DAML_AUTHORIZATION_ERROR');
  });

  test('key maintainers must be signatories', () => {
    const ledger = ledgerWithTests();
    const error = ledger.reject({
      actAs: [alice],
      commands: [
        {
          kind: 'create',
          templateId: '#pocketnet-tests:Test:BadKey',
          createArguments: { owner: alice, maintainer: bob },
        },
      ],
    });
    expect(error.code).toBe('DAML_AUTHORIZATION_ERROR');
  });
});

describe('interfaces', () => {
  test('an interface choice is exercised by interface id with the body of the template', () => {
    const ledger = createTestLedger();
    const cid = createdId(ledger.submit({ actAs: [bank, alice], commands: [createIou()] }), 'Iou');
    const result = ledger.submit({
      actAs: [alice],
      commands: [exercise(assetId, cid, 'Asset_Transfer', { newOwner: bob })],
    });
    expect(result.nodes[0]).toMatchObject({
      templateId: `${examplesPackage.packageId}:Iou:Iou`,
      interfaceId: `${examplesPackage.packageId}:Iou:Asset`,
      choice: 'Asset_Transfer',
      consuming: true,
      implementedInterfaces: [`${examplesPackage.packageId}:Iou:Asset`],
      exerciseResult: result.created[0]?.contractId,
    });
    expect(result.created[0]?.templateId).toBe(`${examplesPackage.packageId}:Iou:IouTransfer`);
  });

  test('an interface body sees the view', () => {
    const ledger = createTestLedger();
    const cid = createdId(
      ledger.submit({ actAs: [bank, alice], commands: [createIou({ amount: '12.5' })] }),
      'Iou',
    );
    const result = ledger.submit({
      actAs: [alice],
      commands: [exercise(assetId, cid, 'Asset_Describe')],
    });
    expect((result.nodes[0] as ExercisedNode).exerciseResult).toBe(
      `12.5000000000 USD held by ${alice}`,
    );
    expect(result.archived).toEqual([]);
  });

  test('the registry computes views and lists implementations', () => {
    const ledger = createTestLedger();
    const cid = createdId(ledger.submit({ actAs: [bank, alice], commands: [createIou()] }), 'Iou');
    const contract = ledger.store.lookup(cid);
    if (contract === undefined) throw new Error('missing Iou');
    expect(ledger.packages.interfaceView(contract, assetId)).toEqual({
      interfaceId: `${examplesPackage.packageId}:Iou:Asset`,
      viewValue: { owner: alice, amount: '100.0000000000', currency: 'USD' },
      implementationPackageId: examplesPackage.packageId,
    });
    expect(ledger.packages.implementationsOf(assetId)).toEqual([
      `${examplesPackage.packageId}:Iou:Iou`,
    ]);
  });

  test('a contract that does not implement the interface cannot be used through it', () => {
    const ledger = createTestLedger();
    const registration = register(ledger);
    const error = ledger.reject({
      actAs: [bank],
      commands: [exercise(assetId, registration, 'Asset_Describe')],
    });
    expect(error.code).toBe('CONTRACT_DOES_NOT_IMPLEMENT_INTERFACE');
    expect(error.details).toMatchObject({ contractId: registration });
    const wrongTemplate = ledger.reject({
      actAs: [bank],
      commands: [exercise(iouId, registration, 'Archive')],
    });
    expect(wrongTemplate.code).toBe('WRONGLY_TYPED_CONTRACT');
  });

  test('bodies fetch by template and by interface, with a stakeholder authorizing', () => {
    const ledger = ledgerWithTests();
    const cid = createdId(ledger.submit({ actAs: [bank, alice], commands: [createIou()] }), 'Iou');
    const mine = probe(ledger, alice, cid);
    const amount = ledger.submit({
      actAs: [alice],
      commands: [exercise(probeId, mine, 'Probe_FetchIou')],
    });
    expect((amount.nodes[0] as ExercisedNode).exerciseResult).toBe('100.0000000000');
    const view = ledger.submit({
      actAs: [alice],
      commands: [exercise(probeId, mine, 'Probe_FetchAsset')],
    });
    expect((view.nodes[0] as ExercisedNode).exerciseResult).toBe(`${alice} 100.0000000000`);
    const contract = ledger.submit({
      actAs: [alice],
      commands: [exercise(probeId, mine, 'Probe_FetchAssetContract')],
    });
    const iouTemplateId = ledger.store.lookup(cid)?.templateId;
    expect((contract.nodes[0] as ExercisedNode).exerciseResult).toBe(`${iouTemplateId} USD`);
    const bobs = probe(ledger, bob, cid);
    const hidden = ledger.reject({
      actAs: [bob],
      commands: [exercise(probeId, bobs, 'Probe_FetchIou')],
    });
    expect(hidden.code).toBe('CONTRACT_NOT_FOUND');
    const unauthorized = ledger.reject({
      actAs: [bob],
      readAs: [alice],
      commands: [exercise(probeId, bobs, 'Probe_FetchIou')],
    });
    expect(unauthorized.code).toBe('DAML_AUTHORIZATION_ERROR');
  });
});

describe('template code and values', () => {
  test('a body returning a value of the wrong type is a bug, not a domain error', () => {
    const ledger = ledgerWithTests();
    const mine = probe(ledger, alice, '00ab');
    expect(() =>
      ledger.submit({ actAs: [alice], commands: [exercise(probeId, mine, 'Probe_Misbehave')] }),
    ).toThrow(/does not match its type/);
  });

  test('choice observers witness the exercise, and bodies read the ledger time', () => {
    const ledger = ledgerWithTests();
    const mine = probe(ledger, alice, '00ab');
    const result = ledger.submit({
      actAs: [alice],
      commands: [exercise(probeId, mine, 'Probe_Announce', { to: bob })],
    });
    expect(result.nodes[0]).toMatchObject({
      witnesses: [alice, bob].sort(),
      // The test ledger's second transaction: its ledger time is 1_700_000_000 s plus 2 µs.
      exerciseResult: '2023-11-14T22:13:20.000002Z',
    });
  });

  test('values nested deeper than 100 levels are rejected', () => {
    const ledger = ledgerWithTests();
    const create = (depth: number) => ({
      actAs: [alice],
      commands: [
        {
          kind: 'create' as const,
          templateId: '#pocketnet-tests:Test:Nested',
          createArguments: { owner: alice, tree: deepTree(depth) as never },
        },
      ],
    });
    expect(ledger.submit(create(98)).created).toHaveLength(1);
    const error = ledger.reject(create(101));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.message).toContain('nested deeper than 100 levels');
    expect(error.message).toMatch(/^createArguments\.tree(\.value)+: /);
  });
});
