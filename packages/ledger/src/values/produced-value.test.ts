import { describe, expect, test } from 'vitest';
import { t } from './builder.ts';
import { checkProducedValue } from './produced-value.ts';

const holding = t.record({ owner: t.party(), amount: t.numeric(10) }, 'pkg:M:Holding');
const other = t.record({ owner: t.party(), amount: t.numeric(10) }, 'pkg:M:Other');

describe('values template code produced', () => {
  test('are checked and normalised unless a typed engine built them', () => {
    const loose = { owner: 'alice::1220ab', amount: '1.5' };
    const checked = checkProducedValue(holding, loose, 'payload');
    expect(checked).toEqual({ owner: 'alice::1220ab', amount: '1.5000000000' });
    expect(checked).not.toBe(loose);
  });

  test('built by a typed engine pass as they are, for the type they were built by only', () => {
    const built = { owner: 'alice::1220ab', amount: '1.5000000000' };
    expect(checkProducedValue(holding, built, 'payload', holding)).toBe(built);
    expect(checkProducedValue(other, built, 'payload', holding)).not.toBe(built);
    expect(checkProducedValue(holding, built, 'payload')).not.toBe(built);
  });

  test('that do not match their type fail as a bug of the template', () => {
    const wrong = { owner: 'alice::1220ab', amount: 'lots' };
    expect(() => checkProducedValue(other, wrong, 'payload', holding)).toThrow(
      /template code produced a value that does not match its type: .*payload\.amount/,
    );
  });
});
