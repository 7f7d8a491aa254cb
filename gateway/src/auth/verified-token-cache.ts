/** What a token was verified to say, kept until the token expires. */
export type VerifiedToken = {
  readonly userId: string;
  readonly identityProviderId: string;
  readonly issuer: string;
  /** Seconds since the epoch (the token's `exp`); null when the token never expires. */
  readonly expiresAt: number | null;
};

/**
 * Clients send the same token with every request, and verifying it (a WebCrypto HMAC or a
 * signature check) costs more than the rest of a small request. A verified token is
 * remembered until its `exp`; the oldest entries make room when the cache is full.
 */
export function createVerifiedTokenCache(options: {
  maxEntries: number;
  nowSeconds: () => number;
}) {
  const entries = new Map<string, VerifiedToken>();
  return {
    get(token: string): VerifiedToken | undefined {
      const entry = entries.get(token);
      if (entry?.expiresAt != null && entry.expiresAt <= options.nowSeconds()) {
        entries.delete(token);
        return undefined;
      }
      return entry;
    },
    set(token: string, verified: VerifiedToken): void {
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(token, verified);
    },
    delete: (token: string) => entries.delete(token),
  };
}
