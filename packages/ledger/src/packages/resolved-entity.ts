import type { InterfaceDefinition, TemplateDefinition } from '../dsl/definitions.ts';
import type { TemplateIdString } from '../transaction.ts';

export type ResolvedTemplate = {
  readonly kind: 'template';
  readonly definition: TemplateDefinition;
  /** Package-id form, `packageId:Module:Entity`. */
  readonly templateId: TemplateIdString;
  readonly packageId: string;
  readonly packageName: string;
  /** Interfaces the template implements, in package-id form. */
  readonly implementedInterfaces: readonly TemplateIdString[];
};

export type ResolvedInterface = {
  readonly kind: 'interface';
  readonly definition: InterfaceDefinition;
  readonly interfaceId: TemplateIdString;
  readonly packageId: string;
  readonly packageName: string;
};

export type ResolvedEntity = ResolvedTemplate | ResolvedInterface;
