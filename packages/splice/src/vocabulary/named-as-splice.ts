import type { TemplateRef } from './splice-vocabulary.generated.ts';

/**
 * A table of choices written against Splice's generated vocabulary: every key must be a choice
 * the template has in Splice's packages, so a choice renamed or dropped there fails to compile
 * here (checked with `satisfies` on the table's literal).
 */
export type ChoicesNamedAs<T> =
  T extends TemplateRef<unknown, infer C> ? { readonly [K in keyof C]?: unknown } : never;
