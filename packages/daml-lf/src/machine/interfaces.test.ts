import { describe, expect, it } from 'vitest';
import {
  bool,
  call,
  conType,
  list,
  proj,
  rec,
  record,
  tc,
  testPackages,
  text,
  textType,
  v,
} from '../../testing/lf-builders.test-helper.ts';
import type { Expr } from '../ast/expressions.ts';
import type { DefInterface, DefTemplate, TemplateChoice } from '../ast.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import { contractId, party } from '../values/lf-value.ts';
import { createEvaluator, evaluate } from './evaluator.ts';

const partyType = { tag: 'builtin', builtin: 'PARTY', args: [] } as const;
const noChoices = new Map<string, TemplateChoice>();

function template(name: string, implementsViews: Record<string, Expr>): DefTemplate {
  return {
    name,
    param: 'this',
    precond: bool(true),
    signatories: {
      tag: 'cons',
      type: partyType,
      front: [proj(name, 'owner', v('this'))],
      tail: list(),
    },
    observers: list(),
    choices: noChoices,
    implements: new Map(
      Object.entries(implementsViews).map(([iface, view]) => [
        `${tc(iface).packageId}:Test:${iface}`,
        {
          interface: tc(iface),
          view,
          methods: new Map([
            ['describe', call('APPEND_TEXT', text(`${name} of `), proj(name, 'label', v('this')))],
          ]),
        },
      ]),
    ),
  };
}

function iface(name: string, requires: string[] = []): DefInterface {
  return {
    name,
    param: 'this',
    methods: new Map([['describe', { name: 'describe', type: textType }]]),
    choices: noChoices,
    view: conType('View'),
    requires: requires.map(tc),
  };
}

const view = (name: string) => rec('View', [['label', proj(name, 'label', v('this'))]]);
const definitions = {
  dataTypes: [
    record('View', [['label', textType]]),
    record('Coin', [
      ['owner', partyType],
      ['label', textType],
    ]),
    record('Note', [
      ['owner', partyType],
      ['label', textType],
    ]),
  ],
  templates: [
    template('Coin', { Asset: view('Coin'), Base: view('Coin') }),
    template('Note', { Base: view('Note') }),
  ],
  interfaces: new Map([
    ['Base', iface('Base')],
    ['Asset', iface('Asset', ['Base'])],
  ]),
};

describe('interface values', () => {
  const evaluator = createEvaluator(testPackages(definitions));
  const alice = party('alice::1220');
  evaluator.compiler.program.values.set(`${tc('alice').packageId}:Test:alice`, alice);
  const aliceRef: Expr = { tag: 'val', value: tc('alice') };
  const coinValue = rec('Coin', [
    ['owner', aliceRef],
    ['label', text('gold')],
  ]);
  const noteValue = rec('Note', [
    ['owner', aliceRef],
    ['label', text('memo')],
  ]);
  const asAsset: Expr = {
    tag: 'toInterface',
    interface: tc('Asset'),
    template: tc('Coin'),
    expr: coinValue,
  };

  it('computes views and calls methods of the template behind the interface', () => {
    expect(
      evaluate(evaluator, { tag: 'viewInterface', interface: tc('Asset'), expr: asAsset }),
    ).toMatchObject({ fields: ['gold'] });
    expect(
      evaluate(evaluator, {
        tag: 'callInterface',
        interface: tc('Asset'),
        method: 'describe',
        expr: asAsset,
      }),
    ).toBe('Coin of gold');
    expect(
      evaluate(evaluator, { tag: 'signatoryInterface', interface: tc('Asset'), expr: asAsset }),
    ).toEqual({ tag: 'Cons', head: alice, tail: { tag: 'Nil' } });
  });

  it('converts back to the template only when it is that template', () => {
    expect(
      evaluate(evaluator, {
        tag: 'fromInterface',
        interface: tc('Asset'),
        template: tc('Coin'),
        expr: asAsset,
      }),
    ).toMatchObject({ tag: 'Some' });
    expect(
      evaluate(evaluator, {
        tag: 'fromInterface',
        interface: tc('Asset'),
        template: tc('Note'),
        expr: asAsset,
      }),
    ).toEqual({ tag: 'None' });
    const unsafe: Expr = {
      tag: 'unsafeFromInterface',
      interface: tc('Asset'),
      template: tc('Note'),
      contractId: { tag: 'val', value: tc('cid') },
      expr: asAsset,
    };
    evaluator.compiler.program.values.set(`${tc('cid').packageId}:Test:cid`, contractId('00ab'));
    expect(() => evaluate(evaluator, unsafe)).toThrow(FatalFailure);
  });

  it('moves between an interface and those it requires', () => {
    const asBase: Expr = {
      tag: 'toRequiredInterface',
      requiredInterface: tc('Base'),
      requiringInterface: tc('Asset'),
      expr: asAsset,
    };
    expect(
      evaluate(evaluator, {
        tag: 'callInterface',
        interface: tc('Base'),
        method: 'describe',
        expr: asBase,
      }),
    ).toBe('Coin of gold');
    const noteAsBase: Expr = {
      tag: 'toInterface',
      interface: tc('Base'),
      template: tc('Note'),
      expr: noteValue,
    };
    const down = (expr: Expr): Expr => ({
      tag: 'fromRequiredInterface',
      requiredInterface: tc('Base'),
      requiringInterface: tc('Asset'),
      expr,
    });
    expect(evaluate(evaluator, down(asBase))).toMatchObject({ tag: 'Some' });
    expect(evaluate(evaluator, down(noteAsBase))).toEqual({ tag: 'None' });
    expect(
      evaluate(evaluator, {
        tag: 'interfaceTemplateTypeRep',
        interface: tc('Base'),
        expr: noteAsBase,
      }),
    ).toEqual({
      tag: 'TypeRep',
      type: { tag: 'Con', tycon: `${tc('Note').packageId}:Test:Note` },
    });
  });
});
