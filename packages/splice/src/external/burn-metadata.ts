import { metaKeys } from '../amulet/support/meta.ts';
import type { Metadata } from '../token-standard/metadata-v1.ts';

/** What the token-standard choices pass on of a transfer's metadata: only the burn. */
export function burnOnlyMetadata(meta: Metadata | null): Metadata {
  const burned = meta?.values[metaKeys.burned];
  return { values: burned === undefined ? {} : { [metaKeys.burned]: burned } };
}
