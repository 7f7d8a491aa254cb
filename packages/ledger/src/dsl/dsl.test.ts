import { describe, expect, expectTypeOf, test } from 'vitest';
import { asset } from '../examples/asset.ts';
import { iou } from '../examples/iou.ts';
import type { iouTransfer } from '../examples/iou-transfer.ts';
import { t } from '../values/builder.ts';
import type { ArgumentOf, ChoicesOf, PayloadOf, ResultOf, ViewOf } from './definitions.ts';
import { defineInterface, implementInterface } from './interface.ts';
import { defineTemplate } from './template.ts';
import type { TransactionContext } from './transaction-context.ts';

describe('defineTemplate', () => {
  test('adds the implicit Archive choice controlled by the signatories', () => {
    const archive = iou.choices.get('Archive');
    expect(archive).toMatchObject({ consuming: true, observers: null });
    const payload = {
      issuer: 'bank::1',
      owner: 'alice::1',
      currency: 'USD',
      amount: '1.0000000000',
      observers: [],
    };
    expect(archive?.controllers(payload, {})).toEqual(['bank::1', 'alice::1']);
    expect([...iou.choices.keys()]).toEqual([
      'Iou_Split',
      'Iou_Merge',
      'Iou_Transfer',
      'Iou_AddObserver',
      'Archive',
    ]);
  });

  test('turns field lists into record argument types and keeps given types', () => {
    const split = iou.choices.get('Iou_Split');
    expect(split?.argumentType).toMatchObject({
      kind: 'record',
      fields: [{ name: 'splitAmount', type: { kind: 'numeric', scale: 10 } }],
    });
    const template = defineTemplate({
      id: { packageName: 'sample', module: 'M', entity: 'T' },
      fields: { owner: t.party() },
      signatories: ({ owner }) => [owner],
      choices: (choice) => ({
        Bump: choice({
          controllers: ({ owner }) => [owner],
          argument: t.int64(),
          result: t.int64(),
          body: (_tx, _self, n) => String(BigInt(n) + 1n),
        }),
      }),
    });
    expect(template.choices.get('Bump')?.argumentType).toEqual({ kind: 'int64' });
  });

  test('refuses a template that declares Archive itself', () => {
    expect(() =>
      defineTemplate({
        id: { packageName: 'sample', module: 'M', entity: 'T' },
        fields: { owner: t.party() },
        signatories: ({ owner }) => [owner],
        choices: (choice) => ({
          Archive: choice({
            controllers: ({ owner }) => [owner],
            argument: {},
            result: t.unit(),
            body: () => ({}),
          }),
        }),
      }),
    ).toThrow(/declares Archive/);
  });

  test('requires an implementation body for an interface choice without one', () => {
    const pingable = defineInterface({
      id: { packageName: 'sample', module: 'M', entity: 'Pingable' },
      view: t.record({ owner: t.party() }),
      choices: (choice) => ({
        Ping: choice({ controllers: (view) => [view.owner], argument: {}, result: t.text() }),
      }),
    });
    expect(() => implementInterface(pingable, { view: () => ({ owner: 'a::b' }) })).toThrow(
      /must give a body for Ping/,
    );
    const bodies = implementInterface(pingable, {
      view: () => ({ owner: 'a::b' }),
      choices: { Ping: () => 'pong' },
    }).bodies;
    expect([...bodies.keys()]).toEqual(['Ping']);
  });
});

describe('DSL types', () => {
  test('infer payloads, arguments, results and views', () => {
    type Iou = PayloadOf<typeof iou>;
    expectTypeOf<Iou>().toEqualTypeOf<{
      readonly issuer: string;
      readonly owner: string;
      readonly currency: string;
      readonly amount: string;
      readonly observers: readonly string[];
    }>();
    type Split = ChoicesOf<typeof iou>['Iou_Split'];
    expectTypeOf<ArgumentOf<Split>>().toEqualTypeOf<{ readonly splitAmount: string }>();
    expectTypeOf<ResultOf<Split>>().toEqualTypeOf<{ readonly _1: string; readonly _2: string }>();
    expectTypeOf<ViewOf<typeof asset>>().toEqualTypeOf<{
      readonly owner: string;
      readonly amount: string;
      readonly currency: string;
    }>();
    expectTypeOf<PayloadOf<typeof iouTransfer>['iou']>().toEqualTypeOf<Iou>();
  });

  test('type the transaction context by the template given', () => {
    expectTypeOf<TransactionContext['create']>().toBeCallableWith(iou, {
      issuer: 'a::b',
      owner: 'a::b',
      currency: 'USD',
      amount: '1',
      observers: [],
    });
    const split = (tx: TransactionContext) =>
      tx.exercise(iou, '00', 'Iou_Split', { splitAmount: '1' });
    expectTypeOf<ReturnType<typeof split>>().toEqualTypeOf<{
      readonly _1: string;
      readonly _2: string;
    }>();
    const fetchView = (tx: TransactionContext) => tx.fetch(asset, '00');
    expectTypeOf<ReturnType<typeof fetchView>>().toEqualTypeOf<ViewOf<typeof asset>>();
    // @ts-expect-error: Iou has no such choice
    const wrong = (tx: TransactionContext) => tx.exercise(iou, '00', 'Iou_Fly', {});
    expect(typeof wrong).toBe('function');
  });
});
