import { describe, expect, it } from 'vitest';
import { createVerifiedTokenCache } from './verified-token-cache.ts';

const verified = (expiresAt: number | null) => ({
  userId: 'alice',
  identityProviderId: '',
  issuer: 'unsafe-auth',
  expiresAt,
});

describe('the verified token cache', () => {
  it('remembers a token until its exp and forgets it from then on', () => {
    let now = 1_000;
    const cache = createVerifiedTokenCache({ maxEntries: 10, nowSeconds: () => now });
    cache.set('t', verified(1_060));
    expect(cache.get('t')?.userId).toBe('alice');
    now = 1_060;
    expect(cache.get('t')).toBeUndefined();
  });

  it('keeps a token without exp and makes room by dropping the oldest entry', () => {
    const cache = createVerifiedTokenCache({ maxEntries: 2, nowSeconds: () => 0 });
    cache.set('a', verified(null));
    cache.set('b', verified(null));
    cache.set('c', verified(null));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });
});
