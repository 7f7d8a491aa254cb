import type { PackageRegistry } from '@pocketnet/ledger';

/**
 * Which of `references` (`#name:Module:Entity`) a template id is, by its package's name: the
 * node's TypeScript Splice and Splice's own packages (`--splice-dars`, uploaded after the
 * services that ask are made) alike; undefined for none.
 */
export function templateByName(
  packages: Pick<PackageRegistry, 'packageById'>,
  references: readonly string[],
): (templateId: string) => string | undefined {
  const byName = new Map(references.map((reference) => [reference.slice(1), reference]));
  const known = new Map<string, string | undefined>();
  return (templateId) => {
    if (known.has(templateId)) return known.get(templateId);
    const at = templateId.indexOf(':');
    const name = packages.packageById(templateId.slice(0, at))?.name;
    const reference = name === undefined ? undefined : byName.get(`${name}${templateId.slice(at)}`);
    // A package not known yet may be uploaded later: only known packages' answers are kept.
    if (name !== undefined) known.set(templateId, reference);
    return reference;
  };
}
