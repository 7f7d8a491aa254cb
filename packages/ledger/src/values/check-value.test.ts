import { test as propTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { isDomainError } from '../errors.ts';
import { t } from './builder.ts';
import { checkValue } from './check-value.ts';
import type { DamlType, Infer, Typed } from './types.ts';

const party = 'alice::1220a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90a';

function failure(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a failure');
}

describe('checkValue on scalars', () => {
  test('normalises Numeric, Int64, Time and Date', () => {
    expect(checkValue(t.numeric(10), 5, 'x')).toBe('5.0000000000');
    expect(checkValue(t.int64(), 42, 'x')).toBe('42');
    expect(checkValue(t.int64(), '+007', 'x')).toBe('7');
    expect(checkValue(t.time(), '2024-02-29T10:00:00Z', 'x')).toBe('2024-02-29T10:00:00.000000Z');
    expect(checkValue(t.time(), '2024-01-01T01:00:00.5+01:00', 'x')).toBe(
      '2024-01-01T00:00:00.500000Z',
    );
    expect(checkValue(t.time(), '0001-01-01T00:00:00Z', 'x')).toBe('0001-01-01T00:00:00.000000Z');
    expect(checkValue(t.date(), '2023-12-31', 'x')).toBe('2023-12-31');
    expect(checkValue(t.party(), party, 'x')).toBe(party);
    expect(checkValue(t.party(), 'bob::local', 'x')).toBe('bob::local');
    expect(checkValue(t.unit(), {}, 'x')).toEqual({});
  });

  test('rejects bad scalars with INVALID_ARGUMENT naming the path', () => {
    expect(failure(() => checkValue(t.numeric(10), 'ten', 'createArguments.amount'))).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'createArguments.amount: expected Numeric, got "ten"',
    });
    expect(failure(() => checkValue(t.int64(), '9223372036854775808', 'x')).code).toBe(
      'INVALID_ARGUMENT',
    );
    expect(failure(() => checkValue(t.time(), '2023-02-29T00:00:00Z', 'x')).code).toBe(
      'INVALID_ARGUMENT',
    );
    expect(failure(() => checkValue(t.time(), '2023-01-01T00:00:00.0000001Z', 'x')).code).toBe(
      'INVALID_ARGUMENT',
    );
    expect(failure(() => checkValue(t.party(), 'alice', 'p')).message).toContain(
      'p: expected Party',
    );
    expect(failure(() => checkValue(t.contractId(), 'xyz', 'c')).code).toBe('INVALID_ARGUMENT');
    expect(failure(() => checkValue(t.date(), '2023-13-01', 'd')).code).toBe('INVALID_ARGUMENT');
  });
});

describe('checkValue on records and containers', () => {
  const iou = t.record({
    issuer: t.party(),
    amount: t.numeric(10),
    note: t.optional(t.text()),
    tags: t.list(t.text()),
  });

  test('defaults missing optional fields to null and orders fields as declared', () => {
    const value = checkValue(iou, { tags: [], amount: '1.5', issuer: party }, 'createArguments');
    expect(value).toEqual({ issuer: party, amount: '1.5000000000', note: null, tags: [] });
    expect(Object.keys(value as object)).toEqual(['issuer', 'amount', 'note', 'tags']);
  });

  test('names the missing or unknown field', () => {
    expect(failure(() => checkValue(iou, { issuer: party, tags: [] }, 'createArguments'))).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'createArguments.amount: missing required field',
    });
    const extra = { issuer: party, amount: 1, tags: [], colour: 'red' };
    expect(failure(() => checkValue(iou, extra, 'createArguments')).message).toBe(
      'createArguments.colour: unknown field',
    );
    const badItem = { issuer: party, amount: 1, tags: ['a', 3] };
    expect(failure(() => checkValue(iou, badItem, 'arg')).message).toBe(
      'arg.tags[1]: expected Text, got 3',
    );
  });

  test('accepts records as positional lists', () => {
    expect(checkValue(iou, [party, '2', null, ['x']], 'r')).toEqual({
      issuer: party,
      amount: '2.0000000000',
      note: null,
      tags: ['x'],
    });
  });

  test('encodes nested optionals as lists', () => {
    const nested = t.optional(t.optional(t.int64()));
    expect(checkValue(nested, null, 'o')).toBeNull();
    expect(checkValue(nested, [], 'o')).toEqual([]);
    expect(checkValue(nested, [5], 'o')).toEqual(['5']);
    expect(failure(() => checkValue(nested, 5, 'o')).code).toBe('INVALID_ARGUMENT');
    const triple = t.optional(t.optional(t.optional(t.int64())));
    expect(checkValue(triple, [[]], 'o')).toEqual([[]]);
    expect(checkValue(triple, [['7']], 'o')).toEqual([['7']]);
    expect(failure(() => checkValue(triple, ['7'], 'o')).code).toBe('INVALID_ARGUMENT');
  });

  test('reads variants, enums, text maps and gen maps', () => {
    const shape = t.variant({ Circle: t.numeric(10), Dot: t.unit() });
    expect(checkValue(shape, { tag: 'Dot' }, 'v')).toEqual({ tag: 'Dot', value: {} });
    expect(checkValue(shape, { tag: 'Circle', value: 2 }, 'v')).toEqual({
      tag: 'Circle',
      value: '2.0000000000',
    });
    expect(failure(() => checkValue(shape, { tag: 'Square', value: {} }, 'v')).message).toBe(
      'v.tag: unknown variant case Square',
    );
    expect(checkValue(t.enum(['Red', 'Green']), 'Red', 'e')).toBe('Red');
    expect(failure(() => checkValue(t.enum(['Red']), 'Blue', 'e')).code).toBe('INVALID_ARGUMENT');
    expect(checkValue(t.textMap(t.int64()), { b: 1, a: '2' }, 'm')).toEqual({ a: '2', b: '1' });
    expect(checkValue(t.genMap(t.party(), t.unit()), [[party, {}]], 'g')).toEqual([[party, {}]]);
    const duplicate = [
      [party, {}],
      [party, {}],
    ];
    expect(failure(() => checkValue(t.genMap(t.party(), t.unit()), duplicate, 'g')).code).toBe(
      'INVALID_ARGUMENT',
    );
  });

  test('rejects values nested deeper than 100 levels', () => {
    let deep: DamlType = t.int64();
    let input: unknown = 1;
    for (let level = 0; level < 101; level++) {
      deep = t.list(deep);
      input = [input];
    }
    expect(failure(() => checkValue(deep, input, 'arg')).message).toContain(
      'nested deeper than 100 levels',
    );
    expect(checkValue(t.list(t.list(t.int64())), [[1]], 'arg')).toEqual([['1']]);
  });

  test('supports recursive types through named references', () => {
    type Tree =
      | { readonly tag: 'Leaf'; readonly value: string }
      | { readonly tag: 'Node'; readonly value: readonly Tree[] };
    const tree: Typed<Tree> = t.named('Tree', () =>
      t.variant({ Leaf: t.text(), Node: t.list(tree) }),
    );
    const input = {
      tag: 'Node',
      value: [
        { tag: 'Leaf', value: 'a' },
        { tag: 'Node', value: [] },
      ],
    };
    expect(checkValue(tree, input, 'tree')).toEqual(input);
  });

  test('gives typed descriptors the TypeScript type of their values', () => {
    expectTypeOf<Infer<typeof iou>>().toEqualTypeOf<{
      readonly issuer: string;
      readonly amount: string;
      readonly note: string | null;
      readonly tags: readonly string[];
    }>();
    expectTypeOf<Infer<ReturnType<typeof t.relTime>>>().toEqualTypeOf<{
      readonly microseconds: string;
    }>();
  });
});

describe('checkValue laws', () => {
  propTest.prop([arbitraryTypedInput()])(
    'normalising a normalised value changes nothing',
    ({ type, input }) => {
      const once = checkValue(type, input, 'v');
      expect(checkValue(type, once, 'v')).toEqual(once);
      expect(checkValue(type, JSON.parse(JSON.stringify(once)), 'v')).toEqual(once);
    },
  );

  propTest.prop([fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })])(
    'Int64 text round-trips',
    (value) => {
      expect(checkValue(t.int64(), value.toString(), 'i')).toBe(value.toString());
    },
  );

  propTest.prop([
    fc.date({
      min: new Date('0001-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
      noInvalidDate: true,
    }),
  ])('Time agrees with the JavaScript calendar', (date) => {
    const normalised = checkValue(t.time(), date.toISOString(), 't');
    expect(normalised).toBe(`${date.toISOString().slice(0, 23)}000Z`);
  });
});

/** A random type (bounded depth) paired with a random valid JSON input for it. */
function arbitraryTypedInput(): fc.Arbitrary<{ type: DamlType; input: unknown }> {
  const scalar: fc.Arbitrary<DamlType> = fc.constantFrom<DamlType>(
    t.unit(),
    t.bool(),
    t.text(),
    t.int64(),
    t.numeric(10),
    t.numeric(0),
    t.party(),
    t.contractId(),
    t.time(),
    t.date(),
    t.enum(['A', 'B']),
  );
  const { type } = fc.letrec<{ type: DamlType }>((tie) => ({
    type: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar,
      tie('type').map((of) => t.optional(of)),
      tie('type').map((of) => t.list(of)),
      tie('type').map((of) => t.textMap(of)),
      tie('type').map((value) => t.genMap(t.text(), value)),
      fc.tuple(tie('type'), tie('type')).map(([a, b]) => t.record({ a, b: t.optional(b) })),
      fc.tuple(tie('type'), tie('type')).map(([a, b]) => t.variant({ A: a, B: b })),
    ),
  }));
  return type.chain((chosen) => inputOf(chosen).map((input) => ({ type: chosen, input })));
}

function inputOf(type: DamlType): fc.Arbitrary<unknown> {
  switch (type.kind) {
    case 'unit':
      return fc.constant({});
    case 'bool':
      return fc.boolean();
    case 'text':
      return fc.string();
    case 'int64':
      return fc.oneof(
        fc.integer(),
        fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String),
      );
    case 'numeric':
      return fc
        .bigInt({ min: -(10n ** 20n), max: 10n ** 20n })
        .map((units) => (type.scale === 0 ? units.toString() : `${units}e-${type.scale}`));
    case 'party':
      return fc.stringMatching(/^[a-z]{1,8}::1220[0-9a-f]{8}$/);
    case 'contractId':
      return fc.stringMatching(/^00[0-9a-f]{8}$/);
    case 'time':
      return fc
        .integer({ min: -62_135_596_800_000, max: 253_402_300_799_999 })
        .map((ms) => new Date(ms).toISOString());
    case 'date':
      return fc
        .integer({ min: -62_135_596_800, max: 253_402_214_400 })
        .map((seconds) => new Date(seconds * 1000).toISOString().slice(0, 10));
    default:
      return containerInputOf(type);
  }
}

function containerInputOf(type: DamlType): fc.Arbitrary<unknown> {
  switch (type.kind) {
    case 'optional':
      return type.of.kind === 'optional'
        ? fc.option(
            fc.oneof(
              fc.constant([]),
              inputOf(type.of)
                .filter((v) => v !== null)
                .map((v) => [v]),
            ),
            { nil: null },
          )
        : fc.option(inputOf(type.of), { nil: null });
    case 'list':
      return fc.array(inputOf(type.of), { maxLength: 3 });
    case 'textMap':
      return fc.dictionary(fc.string({ maxLength: 3 }), inputOf(type.of), { maxKeys: 3 });
    case 'genMap':
      return fc.uniqueArray(fc.tuple(fc.string({ maxLength: 3 }), inputOf(type.value)), {
        maxLength: 3,
        selector: ([key]) => key,
      });
    case 'record':
      return fc.record(
        Object.fromEntries(type.fields.map((field) => [field.name, inputOf(field.type)])),
      );
    case 'variant':
      return fc.oneof(
        ...type.cases.map((entry) =>
          inputOf(entry.type).map((value) => ({ tag: entry.name, value })),
        ),
      );
    case 'enum':
      return fc.constantFrom(...type.values);
    default:
      throw new Error(`no generator for ${type.kind}`);
  }
}
