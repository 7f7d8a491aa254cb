import { defaultRequestLimits } from '@pocketnet/gateway';
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../testing/start-option-refusal.test-helper.ts';
import { parseStartOptions } from './start-options.ts';

/** The request limits `start` takes from these flags and variables. */
const requestLimitsOption = (flags: Record<string, string>, env: Record<string, string>) =>
  parseStartOptions(
    Object.entries(flags).flatMap(([flag, value]) => [`--${flag}`, value]),
    env,
  ).requestLimits;

describe('--max-upload-size and --graphql-max-mutation-fields', () => {
  it('default to 10 MiB and 10 fields', () => {
    expect(parseStartOptions([], {}).requestLimits).toEqual(defaultRequestLimits);
    expect(defaultRequestLimits).toEqual({
      maxUploadBytes: 10 * 1024 * 1024,
      maxMutationFields: 10,
    });
  });

  it('take the flags, else the environment', () => {
    const env = { POCKETNET_MAX_UPLOAD_SIZE: '64MiB', POCKETNET_GRAPHQL_MAX_MUTATION_FIELDS: '3' };
    expect(requestLimitsOption({}, env)).toEqual({
      maxUploadBytes: 64 * 1024 * 1024,
      maxMutationFields: 3,
    });
    const flags = { 'max-upload-size': '1GiB', 'graphql-max-mutation-fields': '50' };
    expect(requestLimitsOption(flags, env)).toEqual({
      maxUploadBytes: 1024 ** 3,
      maxMutationFields: 50,
    });
  });

  it('refuse what is not a size or a count, naming where it came from', () => {
    expect(refusalOf(() => requestLimitsOption({ 'max-upload-size': '10MB' }, {}))).toBe(
      'invalid --max-upload-size 10MB: use a number of bytes, e.g. 10MiB, 64MiB or 1GiB',
    );
    expect(
      refusalOf(() => requestLimitsOption({}, { POCKETNET_GRAPHQL_MAX_MUTATION_FIELDS: '0' })),
    ).toBe(
      'invalid --graphql-max-mutation-fields 0 (from POCKETNET_GRAPHQL_MAX_MUTATION_FIELDS): use a whole number of at least 1',
    );
    expect(refusalOf(() => parseStartOptions(['--graphql-max-mutation-fields', '2.5']))).toMatch(
      /whole number/,
    );
  });
});
