import type { Typed } from '@pocketnet/ledger';
import { t } from '@pocketnet/ledger';

/**
 * The type of a Daml result declared `data X = X`: Daml-LF compiles a lone constructor without
 * fields to an enum, so Splice's choice returns the text `"X"`, not an empty record.
 */
export function soleConstructor<TName extends string>(module: string, name: TName): Typed<TName> {
  return t.enum([name], `${module}:${name}`);
}
