import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { durationSchema, fieldMaskSchema, int32, int64, optional } from './primitives.schema.ts';

describe('ledger API primitives', () => {
  it('reads an int64 from a JSON number or a string holding an integer', () => {
    expect(int64.parse(42)).toBe(42);
    expect(int64.parse('42')).toBe(42);
    expect(int64.parse('-7')).toBe(-7);
  });

  it('rejects fractions, non-numeric strings and integers beyond 2^53 as int64', () => {
    expect(int64.safeParse(1.5).success).toBe(false);
    expect(int64.safeParse('12abc').success).toBe(false);
    expect(int64.safeParse(2 ** 60).success).toBe(false);
  });

  it('keeps int32 within 32 bits', () => {
    expect(int32.parse(2 ** 31 - 1)).toBe(2 ** 31 - 1);
    expect(int32.safeParse(2 ** 31).success).toBe(false);
  });

  it('treats null like an absent optional field, as circe reads Option', () => {
    const schema = z.object({ name: optional(z.string()) });
    expect(schema.parse({ name: null }).name).toBeUndefined();
    expect(schema.parse({}).name).toBeUndefined();
    expect(schema.safeParse({ name: 3 }).success).toBe(false);
  });

  it('accepts protobuf unknownFields on a duration and a field mask without their being required', () => {
    expect(durationSchema.parse({ seconds: 30, nanos: 0, unknownFields: { fields: {} } })).toEqual({
      seconds: 30,
      nanos: 0,
      unknownFields: { fields: {} },
    });
    expect(fieldMaskSchema.parse({ paths: ['primary_party'] })).toEqual({
      paths: ['primary_party'],
    });
  });
});
