import { describe, expect, test } from 'vitest';
import { maskedValue, parseUpdateMask } from './update-mask.ts';

const fields = ['id', 'primary_party', 'metadata.annotations', 'metadata.resource_version'];
const reject = (reason: string) => new Error(reason);

describe('update masks', () => {
  test('matches a field exactly, through a parent path, or not at all', () => {
    const mask = parseUpdateMask({ paths: ['metadata'] }, fields, reject);
    expect(mask.match('metadata.annotations')).toBe('parent');
    expect(mask.match('primary_party')).toBeNull();
    const exact = parseUpdateMask({ paths: ['metadata.annotations'] }, fields, reject);
    expect(exact.match('metadata.annotations')).toBe('exact');
  });

  test('a parent path updates a field only when the request carries a non-default value', () => {
    const parent = parseUpdateMask({ paths: ['metadata'] }, fields, reject);
    expect(maskedValue(parent, 'metadata.annotations', {}, true)).toBeUndefined();
    expect(maskedValue(parent, 'metadata.annotations', { a: '1' }, false)).toEqual({ a: '1' });
    const exact = parseUpdateMask({ paths: ['primary_party'] }, fields, reject);
    expect(maskedValue(exact, 'primary_party', '', true)).toBe('');
  });

  test('rejects empty, unknown and duplicated paths with Canton reasons', () => {
    expect(() => parseUpdateMask({ paths: [] }, fields, reject)).toThrow(
      'The update mask contains no entries',
    );
    expect(() => parseUpdateMask({ paths: ['metadata.labels'] }, fields, reject)).toThrow(
      "The update path: 'metadata.labels' points to an unknown field.",
    );
    expect(() => parseUpdateMask({ paths: ['id', 'id'] }, fields, reject)).toThrow(
      "The update path: 'id' is duplicated.",
    );
    expect(() => parseUpdateMask(undefined, fields, reject)).toThrow(
      'The submitted request is missing a mandatory field: update_mask',
    );
  });

  test('reads camelCase paths as the snake_case protobuf field names', () => {
    const mask = parseUpdateMask(
      { paths: ['primaryParty', 'metadata.resourceVersion'] },
      fields,
      reject,
    );
    expect(mask.match('primary_party')).toBe('exact');
    expect(mask.match('metadata.resource_version')).toBe('exact');
  });
});
