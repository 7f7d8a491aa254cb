import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { isDomainError } from '../errors.ts';
import {
  annotationKeyError,
  annotationsByteSize,
  maxAnnotationsBytes,
  mergeAnnotations,
  nextResourceVersion,
  optionalResourceVersion,
  requireNoResourceVersion,
  validateAnnotations,
} from './object-meta.ts';

const alphanumeric = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''),
);
const nameInner = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_'.split(''),
);
const dnsInner = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'.split(''));

/** A name segment: alphanumeric at both ends, at most 63 characters. */
const keyName = fc
  .tuple(alphanumeric, fc.array(nameInner, { maxLength: 61 }), fc.option(alphanumeric))
  .map(([first, inner, last]) => (last === null ? first : `${first}${inner.join('')}${last}`));

const dnsLabel = fc
  .tuple(alphanumeric, fc.array(dnsInner, { maxLength: 20 }), alphanumeric)
  .map(([first, inner, last]) => `${first}${inner.join('')}${last}`);

const prefix = fc.array(dnsLabel, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));

const validKey = fc
  .tuple(fc.option(prefix), keyName)
  .map(([head, name]) => (head === null ? name : `${head}/${name}`));

const expectInvalidArgument = (action: () => unknown, message: RegExp) => {
  try {
    action();
  } catch (error) {
    expect(isDomainError(error) && error.code).toBe('INVALID_ARGUMENT');
    expect((error as Error).message).toMatch(message);
    return;
  }
  throw new Error('expected INVALID_ARGUMENT');
};

describe('annotation keys', () => {
  test.prop([validKey])('accepts every key of an optional DNS prefix and a valid name', (key) => {
    expect(annotationKeyError(key)).toBeNull();
  });

  test.prop([validKey, fc.constantFrom('-', '.', '_', '!', ' ', 'é')])(
    'rejects a key whose name starts or ends with a non-alphanumeric character',
    (key, bad) => {
      expect(annotationKeyError(`${bad}${key}`)).not.toBeNull();
      expect(annotationKeyError(`${key}${bad}`)).not.toBeNull();
    },
  );

  test.prop([validKey, validKey, validKey])('rejects a key with two slashes', (a, b, c) => {
    expect(annotationKeyError(`${a}/${b}/${c}`)).toMatch(/more than one forward slash/);
  });

  test('rejects names over 63 and prefixes over 253 characters, naming the segment', () => {
    expect(annotationKeyError('a'.repeat(63))).toBeNull();
    expect(annotationKeyError('a'.repeat(64))).toMatch(/exceeds maximum length of 63/);
    const longPrefix = Array.from({ length: 64 }, () => 'abc').join('.');
    expect(annotationKeyError(`${longPrefix}/name`)).toMatch(/exceeds maximum length of 253/);
    expect(annotationKeyError('under_score.io/name')).toMatch(/prefix segment .* invalid syntax/);
    expect(annotationKeyError('')).toMatch(/name segment '' has invalid syntax/);
  });
});

describe('validateAnnotations', () => {
  test.prop([fc.dictionary(validKey, fc.string({ minLength: 1, maxLength: 20 }))])(
    'accepts small maps of valid keys and non-empty values unchanged',
    (annotations) => {
      const options = { fieldName: 'meta.annotations', allowEmptyValues: false };
      expect(validateAnnotations(annotations, options)).toEqual(annotations);
    },
  );

  test('rejects an empty value on create but allows it (a removal) in an update', () => {
    const create = { fieldName: 'user.metadata.annotations', allowEmptyValues: false };
    expectInvalidArgument(
      () => validateAnnotations({ gone: '' }, create),
      /The value of an annotation is empty for key: 'gone'/,
    );
    expect(validateAnnotations({ gone: '' }, { ...create, allowEmptyValues: true })).toEqual({
      gone: '',
    });
  });

  test('limits the UTF-8 size of keys plus values to 256kb, naming the field', () => {
    const options = { fieldName: 'user.metadata.annotations', allowEmptyValues: false };
    const exact = { k: 'x'.repeat(maxAnnotationsBytes - 1) };
    expect(annotationsByteSize(exact)).toBe(maxAnnotationsBytes);
    expect(() => validateAnnotations(exact, options)).not.toThrow();
    // 'é' is two bytes in UTF-8: as many characters as the map that fits, one byte over.
    const over = { k: `${'x'.repeat(maxAnnotationsBytes - 2)}é` };
    expectInvalidArgument(
      () => validateAnnotations(over, options),
      /'user.metadata.annotations' are larger than the limit of 256kb/,
    );
  });

  test.prop([fc.dictionary(validKey, fc.string({ maxLength: 2000 }), { maxKeys: 200 })])(
    'accepts a map exactly when its non-empty entries fit the limit and keys are valid',
    (annotations) => {
      const options = { fieldName: 'f', allowEmptyValues: true };
      const nonEmpty = Object.entries(annotations).filter(([, value]) => value !== '');
      const fits = annotationsByteSize(Object.fromEntries(nonEmpty)) <= maxAnnotationsBytes;
      let accepted = true;
      try {
        validateAnnotations(annotations, options);
      } catch {
        accepted = false;
      }
      expect(accepted).toBe(fits);
    },
  );
});

describe('mergeAnnotations', () => {
  const annotationMap = fc.dictionary(keyName, fc.string({ minLength: 1, maxLength: 5 }));

  test.prop([annotationMap, annotationMap])('new values win over old ones', (existing, update) => {
    const merged = mergeAnnotations(existing, update);
    for (const [key, value] of Object.entries(update)) expect(merged[key]).toBe(value);
    for (const [key, value] of Object.entries(existing)) {
      expect(merged[key]).toBe(update[key] ?? value);
    }
  });

  test.prop([annotationMap, fc.array(keyName)])(
    'an empty value removes its key',
    (existing, removed) => {
      const merged = mergeAnnotations(
        existing,
        Object.fromEntries(removed.map((key) => [key, ''])),
      );
      for (const key of removed) expect(merged).not.toHaveProperty(key);
    },
  );

  test.prop([annotationMap])('merging nothing changes nothing', (existing) => {
    expect(mergeAnnotations(existing, {})).toEqual(existing);
  });
});

describe('resource versions', () => {
  test('counts up from 0 and accepts only a number passed back', () => {
    expect(nextResourceVersion('0')).toBe('1');
    expect(nextResourceVersion('41')).toBe('42');
    expect(optionalResourceVersion({ resourceVersion: '7' }, 'f')).toBe(7n);
    expect(optionalResourceVersion({}, 'f')).toBeNull();
    expect(() => optionalResourceVersion({ resourceVersion: 'v7' }, 'user.metadata')).toThrow(
      /Invalid field user.metadata: Invalid resource version number/,
    );
  });

  test('must be left empty when creating', () => {
    expect(() => requireNoResourceVersion({ resourceVersion: '' }, 'f')).not.toThrow();
    expectInvalidArgument(
      () => requireNoResourceVersion({ resourceVersion: '3' }, 'user.metadata.resource_version'),
      /field user.metadata.resource_version must be not set/,
    );
  });
});
