import { t } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { createEvaluator } from '../machine/evaluator.ts';
import { convertedValuesKept, createLfCalls } from './lf-calls.ts';

const amountType = t.record({ amount: t.numeric(10) }, 'pkg:M:Amount');
const otherType = t.record({ amount: t.numeric(10) }, 'pkg:M:Other');

describe('payload conversion', () => {
  const calls = () => createLfCalls(createEvaluator({ get: () => undefined }));

  it('converts a ledger value object once while it is among the latest', () => {
    const lf = calls();
    const payload = { amount: '1.5000000000' };
    const first = lf.value(amountType, payload);
    expect(first).toEqual({ tag: 'Record', tycon: 'pkg:M:Amount', fields: [expect.anything()] });
    expect(lf.value(amountType, payload)).toBe(first);
    // An equal but other object, or the same object at another type, is converted anew.
    expect(lf.value(amountType, { amount: '1.5000000000' })).not.toBe(first);
    const asOther = lf.value(otherType, payload);
    expect(asOther).not.toBe(first);
    expect((asOther as { tycon: string }).tycon).toBe('pkg:M:Other');
  });

  it('keeps only the latest conversions', () => {
    const lf = calls();
    const oldest = { amount: '1.0' };
    const converted = lf.value(amountType, oldest);
    const kept = { amount: '2.0' };
    const keptConverted = lf.value(amountType, kept);
    for (let index = 0; index < convertedValuesKept - 1; index += 1) {
      lf.value(amountType, { amount: `${index}.0` });
    }
    // One past the limit: the first converted went, the second is still there.
    expect(lf.value(amountType, kept)).toBe(keptConverted);
    expect(lf.value(amountType, oldest)).not.toBe(converted);
  });
});
