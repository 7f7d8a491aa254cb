import { describe, expect, it } from 'vitest';
import { getUpdatesRequestSchema } from './reads.schema.ts';

describe('GetUpdatesRequest', () => {
  it('reads a missing beginExclusive as 0, as Canton does for 3.4 clients', () => {
    expect(getUpdatesRequestSchema.parse({ updateFormat: {} }).beginExclusive).toBe(0);
    expect(getUpdatesRequestSchema.parse({ beginExclusive: '17' }).beginExclusive).toBe(17);
  });

  it('accepts the pre-3.3 filter and verbose flag beside the update format', () => {
    const parsed = getUpdatesRequestSchema.parse({
      beginExclusive: 0,
      endInclusive: 4,
      filter: { filtersByParty: { 'alice::1220aa': { cumulative: [] } } },
      verbose: true,
    });
    expect(parsed.filter?.filtersByParty?.['alice::1220aa']).toEqual({ cumulative: [] });
  });
});
