import type { PackageRegistry, ResolvedEntity } from '@pocketnet/ledger';
import type { TemplateCatalog } from './template-catalog.ts';

const keyOf = (entity: ResolvedEntity) => {
  const { packageName, module, entity: name } = entity.definition.id;
  return `${packageName}:${module}:${name}`;
};

/** The catalog over the loaded packages; per-template answers are computed once and kept. */
export function createTemplateCatalog(
  registry: PackageRegistry,
  /** The packages the participant does not vet now: views are not computed by them. */
  unvetted: () => ReadonlySet<string> = () => new Set(),
  /** The packages only other participants have: references to them are unknown here. */
  absent: () => ReadonlySet<string> = () => new Set(),
): TemplateCatalog {
  const templateKeys = new Map<string, string>();
  const interfaceKeys = new Map<string, readonly string[]>();
  const keyOfTemplateId = (templateId: string): string => {
    let key = templateKeys.get(templateId);
    if (key === undefined) {
      const template = registry.templateById(templateId);
      // A template id no loaded package knows still filters by its own name.
      key = template ? keyOf(template) : templateId.slice(templateId.indexOf(':') + 1);
      templateKeys.set(templateId, key);
    }
    return key;
  };
  const implementedInterfaceIds = (templateId: string) =>
    registry.templateById(templateId)?.implementedInterfaces ?? [];
  return {
    keyOfReference(reference) {
      const others = absent();
      const entity = registry.resolve(reference, others.size > 0 ? { absent: others } : undefined);
      // An interface named by package id is that interface only: another package of the
      // same name (the node's own token-standard interfaces beside a DAR's) is another one.
      return entity.kind === 'interface' && !reference.startsWith('#')
        ? entity.interfaceId
        : keyOf(entity);
    },
    keyOfTemplateId,
    implementedInterfaceIds,
    interfacesOf(templateId) {
      let keys = interfaceKeys.get(templateId);
      if (keys === undefined) {
        keys = implementedInterfaceIds(templateId).flatMap((id) => [
          keyOf(registry.resolve(id)),
          id,
        ]);
        interfaceKeys.set(templateId, keys);
      }
      return keys;
    },
    interfaceView(interfaceKey, node) {
      // The interface the contract's template implements under that name: several packages
      // may share a name (a user's DAR bundles the token standard the node also has), and
      // the name alone resolves to one of them only.
      const implemented = implementedInterfaceIds(node.templateId).find(
        (id) => id === interfaceKey || keyOf(registry.resolve(id)) === interfaceKey,
      );
      return registry.interfaceView(node, implemented ?? `#${interfaceKey}`, {
        unvetted: unvetted(),
      });
    },
  };
}
