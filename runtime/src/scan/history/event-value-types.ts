import type { ChoiceDefinition, DamlType, ExercisedNode, PackageRegistry } from '@pocketnet/ledger';

export type EventValueTypes = ReturnType<typeof createEventValueTypes>;

/**
 * The Daml types of an event's values (a contract's payload, a choice's argument and result),
 * found by template and choice: what a typed encoding of them needs.
 */
export function createEventValueTypes(packages: PackageRegistry) {
  const choices = new Map<string, ChoiceDefinition | null>();
  return {
    payloadType: (templateId: string): DamlType | undefined =>
      packages.templateById(templateId)?.definition.payloadType,
    choiceOf(node: ExercisedNode): ChoiceDefinition | null {
      const owner = node.interfaceId ?? node.templateId;
      const key = `${owner}#${node.choice}`;
      let found = choices.get(key);
      if (found === undefined) {
        const entity = node.interfaceId
          ? packages.resolve(node.interfaceId)
          : packages.templateById(node.templateId);
        found = entity?.definition.choices.get(node.choice) ?? null;
        choices.set(key, found);
      }
      return found;
    },
  };
}
