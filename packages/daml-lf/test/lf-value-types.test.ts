import { checkValue, isDomainError } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import type { Package, Type } from '../src/index.ts';
import { createLfValueTypes, UnserializableTypeError } from '../src/index.ts';
import { sharedPackages } from './shared-dars.ts';

const holdingId = '718a0f77e505a8de22f188bd4c87fe74101274e9d4cb1bfac7d09aec7158d35b';
const holdingModule = 'Splice.Api.Token.HoldingV1';

function failure(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isDomainError(error)) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('LF types as ledger value types', () => {
  const packages = sharedPackages();
  const types = createLfValueTypes((id) => packages.get(id));

  it("checks a Holding view against the token standard's own HoldingView", () => {
    const view = types.typeConType({
      packageId: holdingId,
      module: holdingModule,
      name: 'HoldingView',
    });
    const value = {
      owner: 'alice::1220aa',
      instrumentId: { admin: 'dso::1220bb', id: 'Amulet' },
      amount: '12.5',
      lock: null,
      meta: { values: { 'splice.lfdecentralizedtrust.org/reason': 'test' } },
    };
    expect(checkValue(view, value, 'view')).toEqual({ ...value, amount: '12.5000000000' });
    const wrong = failure(() => checkValue(view, { ...value, amount: 'x' }, 'view'));
    expect(wrong.code).toBe('INVALID_ARGUMENT');
    expect(wrong.message).toContain('view.amount');
    const lock = { holders: ['bob::1220cc'], expiresAt: null, expiresAfter: null, context: 'c' };
    expect(checkValue(view, { ...value, lock }, 'view')).toMatchObject({ lock });
    expect(failure(() => checkValue(view, { ...value, extra: 1 }, 'view')).message).toContain(
      'view.extra',
    );
  });

  it('converts every serializable data type of every shared package', () => {
    let converted = 0;
    for (const pkg of packages.values()) {
      for (const module of pkg.modules.values()) {
        for (const definition of module.dataTypes.values()) {
          if (!definition.serializable || definition.params.length > 0) continue;
          const name = { packageId: pkg.packageId, module: module.name, name: definition.name };
          expect(types.typeConType(name).kind).toMatch(/record|variant|enum/);
          converted++;
        }
      }
    }
    expect(converted).toBeGreaterThan(1000);
  });

  it('instantiates a generic record and ties a recursive variant through a named reference', () => {
    const self = 'f'.repeat(64);
    const v = (name: string): Type => ({ tag: 'var', name, args: [] });
    const con = (name: string, args: Type[]): Type => ({
      tag: 'con',
      tycon: { packageId: self, module: 'M', name },
      args,
    });
    const int64: Type = { tag: 'builtin', builtin: 'INT64', args: [] };
    const unit: Type = { tag: 'builtin', builtin: 'UNIT', args: [] };
    const star = { tag: 'star' } as const;
    const pkg: Package = {
      packageId: self,
      languageVersion: { major: 2, minor: '1' },
      metadata: { name: 'test', version: '1.0.0' },
      directDependencies: [],
      modules: new Map([
        [
          'M',
          {
            name: 'M',
            flags: {
              forbidPartyLiterals: true,
              dontDivulgeContractIdsInCreateArguments: true,
              dontDiscloseNonConsumingChoicesToObservers: true,
            },
            synonyms: new Map(),
            values: new Map(),
            templates: new Map(),
            exceptions: new Map(),
            interfaces: new Map(),
            dataTypes: new Map([
              [
                'List',
                {
                  tag: 'variant',
                  name: 'List',
                  params: [{ name: 'a', kind: star }],
                  serializable: true,
                  variants: [
                    { field: 'Nil', type: unit },
                    { field: 'Cons', type: con('Cell', [v('a')]) },
                  ],
                },
              ],
              [
                'Cell',
                {
                  tag: 'record',
                  name: 'Cell',
                  params: [{ name: 'a', kind: star }],
                  serializable: true,
                  fields: [
                    { field: 'head', type: v('a') },
                    { field: 'tail', type: con('List', [v('a')]) },
                  ],
                },
              ],
            ]),
          },
        ],
      ]),
    };
    const own = createLfValueTypes((id) => (id === self ? pkg : undefined));
    const list = own.valueType(con('List', [int64]));
    const value = {
      tag: 'Cons',
      value: {
        head: '1',
        tail: { tag: 'Cons', value: { head: 2, tail: { tag: 'Nil', value: {} } } },
      },
    };
    expect(checkValue(list, value, 'l')).toEqual({
      tag: 'Cons',
      value: {
        head: '1',
        tail: { tag: 'Cons', value: { head: '2', tail: { tag: 'Nil', value: {} } } },
      },
    });
    expect(
      failure(() => checkValue(list, { tag: 'Cons', value: { head: 'x', tail: null } }, 'l'))
        .message,
    ).toContain('l.value.head');
    expect(() => own.valueType(con('Missing', []))).toThrow(UnserializableTypeError);
  });
});
