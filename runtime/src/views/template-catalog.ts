import type { CreatedNode, InterfaceView } from '@pocketnet/ledger';

/**
 * What reads need to know about templates: a reference in either form resolves to one
 * name key (`packageName:Module.Path:Entity`), which is what filters match on, so a filter
 * by package name matches every version of the package.
 */
export type TemplateCatalog = {
  /**
   * Name key of a template or interface reference; an interface by package id keys as its
   * id, matching that interface only. DomainError when unknown.
   */
  keyOfReference(reference: string): string;
  /** Name key of a template id as events carry it (package-id form). */
  keyOfTemplateId(templateId: string): string;
  /** Keys of the interfaces a template implements: each one's name key and its id. */
  interfacesOf(templateId: string): readonly string[];
  /** Package-id form of the interfaces a template implements. */
  implementedInterfaceIds(templateId: string): readonly string[];
  interfaceView(interfaceKey: string, node: CreatedNode): InterfaceView;
};
