import { defineTemplate } from '../src/dsl/template.ts';
import { asset } from '../src/examples/asset.ts';
import { currencyRegistration } from '../src/examples/currency-registration.ts';
import { iou } from '../src/examples/iou.ts';
import { definePackage } from '../src/packages/package.ts';
import { t } from '../src/values/builder.ts';
import type { Typed } from '../src/values/types.ts';

/** Test support: templates that reach the corners of the interpreter the Iou package does not. */
type Tree =
  | { readonly tag: 'Leaf'; readonly value: Readonly<Record<string, never>> }
  | { readonly tag: 'Node'; readonly value: Tree };
const tree: Typed<Tree> = t.named('Test:Tree', () => t.variant({ Leaf: t.unit(), Node: tree }));

const id = (entity: string) => ({ packageName: 'pocketnet-tests', module: 'Test', entity });

/** Holds a contract id and lets its holder look at it through bodies. */
export const probe = defineTemplate({
  id: id('Probe'),
  fields: { holder: t.party(), target: t.contractId() },
  signatories: ({ holder }) => [holder],
  choices: (choice) => ({
    Probe_FetchIou: choice({
      controllers: ({ holder }) => [holder],
      consuming: false,
      argument: {},
      result: t.numeric(10),
      body: (tx, self) => tx.fetch(iou, self.payload.target).amount,
    }),
    Probe_FetchAsset: choice({
      controllers: ({ holder }) => [holder],
      consuming: false,
      argument: {},
      result: t.text(),
      body: (tx, self) => {
        const view = tx.fetch(asset, self.payload.target);
        return `${view.owner} ${view.amount}`;
      },
    }),
    Probe_FetchAssetContract: choice({
      controllers: ({ holder }) => [holder],
      consuming: false,
      argument: {},
      result: t.text(),
      body: (tx, self) => {
        const { templateId, payload } = tx.fetchContract(asset, self.payload.target);
        return `${templateId} ${String(payload.currency)}`;
      },
    }),
    Probe_Describe: choice({
      controllers: ({ holder }) => [holder],
      argument: { currency: t.text(), description: t.text() },
      result: t.contractId(),
      body: (tx, self, { currency, description }) =>
        tx.exerciseByKey(
          currencyRegistration,
          { _1: self.payload.holder, _2: currency },
          'CurrencyRegistration_Describe',
          {
            description,
          },
        ),
    }),
    Probe_LookUp: choice({
      controllers: ({ holder }) => [holder],
      consuming: false,
      argument: { issuer: t.party(), currency: t.text() },
      result: t.optional(t.contractId()),
      body: (tx, _self, { issuer, currency }) =>
        tx.lookupByKey(currencyRegistration, { _1: issuer, _2: currency }),
    }),
    Probe_Announce: choice({
      controllers: ({ holder }) => [holder],
      observers: (_payload, { to }) => [to],
      consuming: false,
      argument: { to: t.party() },
      result: t.time(),
      body: (tx) => tx.now(),
    }),
    Probe_ArchiveRolledBack: choice({
      controllers: ({ holder }) => [holder],
      consuming: false,
      argument: {},
      result: t.bool(),
      body: (tx, self) => {
        const scope = tx.beginRollbackScope();
        tx.archive(iou, self.payload.target);
        scope.rollback();
        return tx.fetch(iou, self.payload.target).owner === self.payload.holder;
      },
    }),
    Probe_Misbehave: choice({
      controllers: ({ holder }) => [holder],
      consuming: false,
      argument: {},
      result: t.int64(),
      body: () => 'not a number' as string,
    }),
  }),
});

/** A template whose payload nests as deep as its input. */
export const nested = defineTemplate({
  id: id('Nested'),
  fields: { owner: t.party(), tree },
  signatories: ({ owner }) => [owner],
});

/** A template whose key maintainer is not a signatory, which Daml forbids. */
export const badKey = defineTemplate({
  id: id('BadKey'),
  fields: { owner: t.party(), maintainer: t.party() },
  signatories: ({ owner }) => [owner],
  key: {
    type: t.party(),
    of: ({ maintainer }) => maintainer,
    maintainers: (maintainer) => [maintainer],
  },
});

export const testPackage = definePackage({
  name: 'pocketnet-tests',
  version: '0.1.0',
  templates: [probe, nested, badKey],
});

export function deepTree(depth: number): unknown {
  let value: unknown = { tag: 'Leaf', value: {} };
  for (let level = 0; level < depth; level++) value = { tag: 'Node', value };
  return value;
}
