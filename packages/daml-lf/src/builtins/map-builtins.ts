import { compareValues } from '../values/compare-values.ts';
import type { GenMapValue, LfValue, TextMapValue } from '../values/lf-value.ts';
import { listFromArray, none, some, struct } from '../values/lf-value.ts';
import { compareText } from '../values/text.ts';
import type { BuiltinDefinition } from './builtin-definition.ts';
import { pure } from './builtin-definition.ts';

/**
 * Text maps and generic maps, both kept sorted by key (code-point order for text, the
 * builtin `LESS` for generic keys), so that their lists and comparisons come out in order.
 */
type SortedMap = { readonly keys: readonly LfValue[]; readonly values: readonly LfValue[] };

/** The key's index, or -(insertion point) - 1 when absent. */
function search(map: SortedMap, key: LfValue, compare: (a: LfValue, b: LfValue) => number): number {
  let low = 0;
  let high = map.keys.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const order = compare(map.keys[middle] as LfValue, key);
    if (order === 0) return middle;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return -low - 1;
}

function inserted(
  map: SortedMap,
  key: LfValue,
  value: LfValue,
  compare: typeof compareValues,
): SortedMap {
  const index = search(map, key, compare);
  const keys = [...map.keys];
  const values = [...map.values];
  if (index >= 0) values[index] = value;
  else {
    keys.splice(-index - 1, 0, key);
    values.splice(-index - 1, 0, value);
  }
  return { keys, values };
}

function deleted(map: SortedMap, key: LfValue, compare: typeof compareValues): SortedMap | null {
  const index = search(map, key, compare);
  if (index < 0) return null;
  return {
    keys: map.keys.filter((_, at) => at !== index),
    values: map.values.filter((_, at) => at !== index),
  };
}

const compareKeys = (a: LfValue, b: LfValue) => compareText(a as string, b as string);

function lookup(map: SortedMap, key: LfValue, compare: typeof compareValues): LfValue {
  const index = search(map, key, compare);
  return index < 0 ? none : some(map.values[index] as LfValue);
}

function entriesList(map: SortedMap): LfValue {
  return listFromArray(
    map.keys.map((key, index) =>
      struct([
        ['key', key],
        ['value', map.values[index] as LfValue],
      ]),
    ),
  );
}

const emptyTextMap: TextMapValue = { tag: 'TextMap', keys: [], values: [] };
const emptyGenMap: GenMapValue = { tag: 'GenMap', keys: [], values: [] };

function comparableKey(key: LfValue): LfValue {
  // A key must equal itself: this raises the spec's error for functions and the like.
  compareValues(key, key);
  return key;
}

export const mapBuiltins: Readonly<Record<string, BuiltinDefinition>> = {
  TEXTMAP_INSERT: pure(
    3,
    (key, value, map) =>
      ({
        tag: 'TextMap',
        ...inserted(map as TextMapValue, key as string, value as LfValue, compareKeys),
      }) as TextMapValue,
  ),
  TEXTMAP_LOOKUP: pure(2, (key, map) => lookup(map as TextMapValue, key as string, compareKeys)),
  TEXTMAP_DELETE: pure(2, (key, map) => {
    const rest = deleted(map as TextMapValue, key as string, compareKeys);
    return rest === null ? (map as TextMapValue) : ({ tag: 'TextMap', ...rest } as TextMapValue);
  }),
  TEXTMAP_TO_LIST: pure(1, (map) => entriesList(map as TextMapValue)),
  TEXTMAP_SIZE: pure(1, (map) => BigInt((map as TextMapValue).keys.length)),
  GENMAP_INSERT: pure(3, (key, value, map) => ({
    tag: 'GenMap',
    ...inserted(map as GenMapValue, comparableKey(key as LfValue), value as LfValue, compareValues),
  })),
  GENMAP_LOOKUP: pure(2, (key, map) =>
    lookup(map as GenMapValue, comparableKey(key as LfValue), compareValues),
  ),
  GENMAP_DELETE: pure(2, (key, map) => {
    const rest = deleted(map as GenMapValue, comparableKey(key as LfValue), compareValues);
    return rest === null ? (map as GenMapValue) : { tag: 'GenMap', ...rest };
  }),
  GENMAP_KEYS: pure(1, (map) => listFromArray((map as GenMapValue).keys)),
  GENMAP_VALUES: pure(1, (map) => listFromArray((map as GenMapValue).values)),
  GENMAP_SIZE: pure(1, (map) => BigInt((map as GenMapValue).keys.length)),
};

/** The nullary map builtins are values, not functions. */
export const mapConstants: Readonly<Record<string, LfValue>> = {
  TEXTMAP_EMPTY: emptyTextMap,
  GENMAP_EMPTY: emptyGenMap,
};
