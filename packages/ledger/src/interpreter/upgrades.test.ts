import { describe, expect, test } from 'vitest';
import { alice, bob, createTestLedger, exercise } from '../../testing/test-ledger.test-helper.ts';
import { defineInterface } from '../dsl/interface.ts';
import { defineTemplate } from '../dsl/template.ts';
import { definePackage } from '../packages/package.ts';
import type { ExercisedNode } from '../transaction.ts';
import type { Value } from '../value.ts';
import { t } from '../values/builder.ts';

const thingId = { packageName: 'things', module: 'Things', entity: 'Thing' };

const labelled = defineInterface({
  id: { packageName: 'labels', module: 'Labels', entity: 'Labelled' },
  view: t.record({ owner: t.party(), label: t.text() }, 'Labels:LabelView'),
  choices: (choice) => ({
    Labelled_Show: choice({
      controllers: (view) => [view.owner],
      consuming: false,
      argument: {},
      result: t.text(),
    }),
  }),
});
const labels = definePackage({ name: 'labels', version: '1.0.0', interfaces: [labelled] });

// Versions of one package: 2.0.0 adds an optional field at the end and a choice; 3.0.0 also
// makes another party a signatory (no valid upgrade: a contract seen through it fails
// Canton's validation). Describe says which version ran it.
const v1Thing = defineTemplate({
  id: thingId,
  fields: { owner: t.party(), label: t.text() },
  signatories: (payload) => [payload.owner],
  choices: (choice) => ({
    Describe: choice({
      controllers: (payload) => [payload.owner],
      argument: {},
      result: t.text(),
      consuming: false,
      body: (_ctx, self) => `v1 ${self.payload.label}`,
    }),
  }),
  implements: (implement) => [
    implement(labelled, {
      view: ({ owner, label }) => ({ owner, label }),
      choices: { Labelled_Show: (_ctx, self) => `v1 instance ${self.payload.label}` },
    }),
  ],
});
const laterThing = (version: 'v2' | 'v3') =>
  defineTemplate({
    id: thingId,
    fields: { owner: t.party(), label: t.text(), note: t.optional(t.text()) },
    signatories: (payload) => (version === 'v2' ? [payload.owner] : [payload.owner, bob]),
    choices: (choice) => ({
      Describe: choice({
        controllers: (payload) => [payload.owner],
        argument: {},
        result: t.text(),
        consuming: false,
        body: (_ctx, self) => `${version} ${self.payload.label} ${self.payload.note ?? 'none'}`,
      }),
      Renote: choice({
        controllers: (payload) => [payload.owner],
        argument: { note: t.text() },
        result: t.text(),
        body: (_ctx, self, argument) => `${self.payload.label} now ${argument.note}`,
      }),
    }),
    implements: (implement) => [
      implement(labelled, {
        view: ({ owner, label }) => ({ owner, label: `${version} ${label}` }),
        choices: {
          Labelled_Show: (_ctx, self) =>
            `${version} instance ${self.payload.label} ${self.payload.note ?? 'none'}`,
        },
      }),
    ],
  });
const v2Thing = laterThing('v2');
const v3Thing = laterThing('v3');
const v1 = definePackage({ name: 'things', version: '1.0.0', templates: [v1Thing] });
const v2 = definePackage({ name: 'things', version: '2.0.0', templates: [v2Thing] });
const v3 = definePackage({ name: 'things', version: '3.0.0', templates: [v3Thing] });

const byId = (pkg: { packageId: string }) => `${pkg.packageId}:Things:Thing`;
const byName = '#things:Things:Thing';

function ledger() {
  const test = createTestLedger([labels, v1, v2, v3]);
  const unvetted = new Set([v3.packageId]);
  const submit = (
    commands: Parameters<typeof test.submit>[0]['commands'],
    preferred: string[] = [],
  ) => test.submit({ actAs: [alice], commands, selection: { unvetted, preferred } });
  const reject = (
    commands: Parameters<typeof test.submit>[0]['commands'],
    preferred: string[] = [],
  ) => test.reject({ actAs: [alice], commands, selection: { unvetted, preferred } });
  const create = (pkg: { packageId: string }, payload: Record<string, Value>) => {
    const result = submit([{ kind: 'create', templateId: byId(pkg), createArguments: payload }]);
    const contract = result.created[0];
    if (!contract) throw new Error('nothing created');
    return contract.contractId;
  };
  return { submit, reject, create, test, unvetted };
}

const resultOf = (result: { nodes: readonly unknown[] }) => {
  const node = result.nodes[0] as ExercisedNode;
  return { templateId: node.templateId, result: node.exerciseResult };
};

describe('smart-contract upgrading', () => {
  test("a contract of an older version runs the newer version's choice, its new optional field None", () => {
    const { submit, create } = ledger();
    const old = create(v1, { owner: alice, label: 'a' });
    expect(resultOf(submit([exercise(byId(v2), old, 'Describe')]))).toEqual({
      templateId: byId(v2),
      result: 'v2 a none',
    });
    // By its own version the contract still runs that version's choice.
    expect(resultOf(submit([exercise(byId(v1), old, 'Describe')])).result).toBe('v1 a');
    // A choice only the newer version has.
    expect(resultOf(submit([exercise(byId(v2), old, 'Renote', { note: 'hi' })]))).toEqual({
      templateId: byId(v2),
      result: 'a now hi',
    });
  });

  test('#name selects the highest vetted version; packageIdSelectionPreference overrides', () => {
    const { submit, create } = ledger();
    const old = create(v1, { owner: alice, label: 'b' });
    expect(resultOf(submit([exercise(byName, old, 'Describe')]))).toEqual({
      templateId: byId(v2),
      result: 'v2 b none',
    });
    expect(resultOf(submit([exercise(byName, old, 'Describe')], [v1.packageId]))).toEqual({
      templateId: byId(v1),
      result: 'v1 b',
    });
    const created = submit([
      { kind: 'create', templateId: byName, createArguments: { owner: alice, label: 'c' } },
    ]);
    expect(created.created[0]?.templateId).toBe(byId(v2));
  });

  test("an interface choice runs the selected version's instance on the upgraded contract", () => {
    const { submit, create } = ledger();
    const old = create(v1, { owner: alice, label: 'g' });
    const byInterface = `${labels.packageId}:Labels:Labelled`;
    expect(resultOf(submit([exercise(byInterface, old, 'Labelled_Show')]))).toEqual({
      templateId: byId(v2),
      result: 'v2 instance g none',
    });
    const pinned = submit([exercise(byInterface, old, 'Labelled_Show')], [v1.packageId]);
    expect(resultOf(pinned)).toEqual({ templateId: byId(v1), result: 'v1 instance g' });
  });

  test("an interface view is the selected version's, on the upgraded contract", () => {
    const { create, test: ledgerOf, unvetted } = ledger();
    const old = create(v1, { owner: alice, label: 'h' });
    const contract = ledgerOf.store.lookup(old);
    if (!contract) throw new Error('not stored');
    const byInterface = `${labels.packageId}:Labels:Labelled`;
    expect(ledgerOf.packages.interfaceView(contract, byInterface, { unvetted })).toEqual({
      interfaceId: byInterface,
      viewValue: { owner: alice, label: 'v2 h' },
      implementationPackageId: v2.packageId,
    });
    const onlyOwn = new Set([v2.packageId, v3.packageId]);
    expect(
      ledgerOf.packages.interfaceView(contract, byInterface, { unvetted: onlyOwn }),
    ).toMatchObject({ viewValue: { label: 'h' }, implementationPackageId: v1.packageId });
  });

  test('a newer contract is downgraded when its extra fields are None, refused otherwise', () => {
    const { submit, reject, create } = ledger();
    const plain = create(v2, { owner: alice, label: 'd', note: null });
    expect(resultOf(submit([exercise(byId(v1), plain, 'Describe')])).result).toBe('v1 d');
    const noted = create(v2, { owner: alice, label: 'e', note: 'set' });
    const refused = reject([exercise(byId(v1), noted, 'Describe')]);
    expect(refused.code).toBe('INTERPRETATION_UPGRADE_ERROR_DOWNGRADE_DROP_DEFINED_FIELD');
    expect(refused.message).toContain('.note');
  });

  test('a version giving the contract other signatories is refused (validation failed)', () => {
    const { reject, create } = ledger();
    const old = create(v1, { owner: alice, label: 'f' });
    const refused = reject([exercise(byId(v3), old, 'Describe')]);
    expect(refused.code).toBe('INTERPRETATION_UPGRADE_ERROR_VALIDATION_FAILED');
  });
});
