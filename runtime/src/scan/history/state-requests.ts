import { DomainError } from '@pocketnet/ledger';

// Checks of the ACS and holdings requests that zod's shapes leave to the runtime.

/** Template filters in Splice's `package_name:module_name:entity_name` form. */
export const templateKeysOf = (templates: readonly string[] | null) => {
  if (templates === null) return null;
  for (const template of templates) {
    if (template.split(':').length !== 3) {
      throw new DomainError(
        'INVALID_ARGUMENT',
        `Malformed template_id, expected 'package_name:module_name:entity_name': ${template}`,
      );
    }
  }
  return templates;
};

export const nonEmpty = (parties: readonly string[], field: string): readonly string[] => {
  if (parties.length === 0) {
    throw new DomainError(
      'INVALID_ARGUMENT',
      `Expected '${field}' to contain at least one item, but contained none.`,
    );
  }
  return parties;
};

export const checkAfter = (after: number | null): number | null => {
  if (after !== null && (!Number.isInteger(after) || after < 0)) {
    throw new DomainError('INVALID_ARGUMENT', `after must be a non-negative integer, got ${after}`);
  }
  return after;
};
