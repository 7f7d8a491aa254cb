import type { PackageId } from '../ast/names.ts';
import type { Package } from '../ast.ts';
import { createErasedDefinitions } from '../erase/erased-definitions.ts';

/**
 * What keeps the node from running a new package: its templates and interfaces erased to the
 * ledger's definitions (payload records, choice and view types, interface instances) over a
 * throwaway set of definitions, so a refused upload leaves the node's own untouched. Undefined
 * when every new package erases.
 */
export function erasureProblem(
  fresh: readonly Package[],
  source: (id: PackageId) => Package | undefined,
): string | undefined {
  const withEntities = fresh.filter((pkg) =>
    [...pkg.modules.values()].some((m) => m.templates.size > 0 || m.interfaces.size > 0),
  );
  if (withEntities.length === 0) return undefined;
  const definitions = createErasedDefinitions({ get: source });
  for (const pkg of withEntities) {
    try {
      definitions.erasePackage(pkg.packageId);
    } catch (error) {
      const { name, version } = pkg.metadata;
      const reason = error instanceof Error ? error.message : String(error);
      return `package ${pkg.packageId} (${name} v${version}) cannot be run: ${reason}`;
    }
  }
  return undefined;
}
