import type { Typed } from '@pocketnet/ledger';
import { t } from '@pocketnet/ledger';

/**
 * `t.optional` with a plain `Typed` result. The builder's own result type is an intersection
 * that declaration emit cannot name (TS4023), so exported type descriptors use this instead.
 * Not for optionals of optionals, which these APIs never have.
 */
export function optionalType<TInner>(of: Typed<TInner>): Typed<TInner | null> {
  return t.optional(of);
}
