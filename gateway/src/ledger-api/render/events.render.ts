import { encodeContractBlob } from '@pocketnet/ledger';
import type { EventView } from '@pocketnet/runtime';

const packageIdOf = (templateId: string) => templateId.slice(0, templateId.indexOf(':'));

type CreatedEventView = Extract<EventView, { kind: 'created' }>;
type ExercisedEventView = Extract<EventView, { kind: 'exercised' | 'archived' }>;

export function renderCreatedEvent(view: CreatedEventView, offset: number) {
  const { node } = view;
  return {
    offset,
    nodeId: node.nodeId,
    contractId: node.contractId,
    templateId: node.templateId,
    contractKey: node.contractKey,
    createArgument: node.createArgument,
    // Derived from the contract's fields when asked for: nothing stores it.
    createdEventBlob: view.includeCreatedEventBlob ? encodeContractBlob(node) : '',
    interfaceViews: view.interfaceViews.map((interfaceView) => ({
      interfaceId: interfaceView.interfaceId,
      viewStatus: { code: 0, message: '', details: [] },
      viewValue: interfaceView.viewValue,
      implementationPackageId:
        interfaceView.implementationPackageId ?? packageIdOf(node.templateId),
    })),
    witnessParties: view.witnessParties,
    signatories: node.signatories,
    observers: node.observers,
    createdAt: node.createdAt,
    packageName: node.packageName,
    representativePackageId: packageIdOf(node.templateId),
    acsDelta: view.acsDelta,
  };
}

export function renderExercisedEvent(view: ExercisedEventView, offset: number) {
  const { node } = view;
  return {
    offset,
    nodeId: node.nodeId,
    contractId: node.contractId,
    templateId: node.templateId,
    ...(node.interfaceId ? { interfaceId: node.interfaceId } : {}),
    choice: node.choice,
    choiceArgument: node.choiceArgument,
    actingParties: node.actingParties,
    consuming: node.consuming,
    witnessParties: view.witnessParties,
    lastDescendantNodeId: node.lastDescendantNodeId,
    exerciseResult: node.exerciseResult,
    packageName: node.packageName,
    implementedInterfaces: node.implementedInterfaces,
    acsDelta: view.acsDelta,
  };
}

export function renderArchivedEvent(view: ExercisedEventView, offset: number) {
  const { node } = view;
  return {
    offset,
    nodeId: node.nodeId,
    contractId: node.contractId,
    templateId: node.templateId,
    witnessParties: view.witnessParties,
    packageName: node.packageName,
    implementedInterfaces: node.implementedInterfaces,
  };
}

/** An event of a flat transaction, tagged as the Ledger API's `Event` union. */
export function renderEvent(view: EventView, offset: number) {
  if (view.kind === 'created') return { CreatedEvent: renderCreatedEvent(view, offset) };
  if (view.kind === 'archived') return { ArchivedEvent: renderArchivedEvent(view, offset) };
  return { ExercisedEvent: renderExercisedEvent(view, offset) };
}

/** An event of a legacy transaction tree, tagged as the Ledger API's `TreeEvent` union. */
export function renderTreeEvent(view: EventView, offset: number) {
  if (view.kind === 'created')
    return { CreatedTreeEvent: { value: renderCreatedEvent(view, offset) } };
  return { ExercisedTreeEvent: { value: renderExercisedEvent(view, offset) } };
}
