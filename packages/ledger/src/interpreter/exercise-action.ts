import type { ChoiceBodyFunction, ChoiceDefinition, ChoiceSelf } from '../dsl/definitions.ts';
import { DomainError } from '../errors.ts';
import type { ResolvedEntity } from '../packages/resolved-entity.ts';
import { computeView, implementationOf } from '../packages/views.ts';
import type { ExercisedNode } from '../transaction.ts';
import type { Value } from '../value.ts';
import { checkProducedValue } from '../values/produced-value.ts';
import { createBodyContext } from './body-context.ts';
import type { ValueSource } from './create-action.ts';
import { checkArgument } from './create-action.ts';
import { checkTemplate } from './fetch-action.ts';
import { partySet, requireAuthorization, unionOf } from './parties.ts';
import type { Frame, LiveContract, TransactionState } from './transaction-state.ts';
import { consume, useContract } from './transaction-state.ts';

export type ExerciseRequest = {
  /** The template or interface the choice was named on. */
  readonly target: ResolvedEntity;
  readonly contractId: string;
  readonly choice: string;
  readonly argument: unknown;
  readonly source: ValueSource;
};

/** A choice resolved against the contract: what to call and with which payload. */
type BoundChoice = {
  readonly definition: ChoiceDefinition;
  readonly body: ChoiceBodyFunction;
  /** What controllers see: the payload, or the view for an interface choice. */
  readonly controllerPayload: Value;
  readonly bodyPayload: Value;
  readonly interfaceId: string | null;
};

function choiceNotFound(choice: string, on: string): DomainError {
  return new DomainError('TEMPLATES_OR_INTERFACES_NOT_FOUND', `Choice ${choice} does not exist on ${on}`, {
    details: { choice },
  });
}

function bindChoice(request: ExerciseRequest, live: LiveContract): BoundChoice {
  const payload = live.contract.createArgument;
  const { target, choice } = request;
  if (target.kind === 'template') {
    checkTemplate(target, live);
    const definition = live.template.definition.choices.get(choice);
    if (definition === undefined) throw choiceNotFound(choice, live.template.templateId);
    const { body } = definition;
    if (body === null) throw new Error(`template choice ${choice} has no body`);
    return { definition, body, controllerPayload: payload, bodyPayload: payload, interfaceId: null };
  }
  const definition = target.definition.choices.get(choice);
  if (definition === undefined) throw choiceNotFound(choice, target.interfaceId);
  const view = computeView(live.template, target, payload);
  const own = implementationOf(live.template, target).bodies.get(choice);
  // A body the template gives sees its payload; the interface's own body sees the view.
  const body = own ?? definition.body;
  if (body === null) throw new Error(`no body for ${target.interfaceId} ${choice}`);
  const bodyPayload = own === undefined ? view : payload;
  return { definition, body, controllerPayload: view, bodyPayload, interfaceId: target.interfaceId };
}

/** Daml's exercise: checks controllers' authority, archives if consuming, runs the body. */
export function performExercise(state: TransactionState, frame: Frame, request: ExerciseRequest): Value {
  const live = useContract(state, request.contractId);
  const bound = bindChoice(request, live);
  const { definition } = bound;
  const argument = checkArgument(definition.argumentType, request.argument, request.source);
  const actors = partySet(definition.controllers(bound.controllerPayload, argument));
  const name = `Exercising ${request.choice} on ${live.template.templateId}`;
  if (actors.length === 0) throw new DomainError('DAML_AUTHORIZATION_ERROR', `${name} has no controllers`);
  requireAuthorization(name, actors, frame.authorizers);
  const { contract } = live;
  const choiceObservers = definition.observers?.(bound.controllerPayload, argument) ?? [];
  const informees = definition.consuming
    ? [...contract.signatories, ...contract.observers]
    : contract.signatories;
  const witnesses = unionOf(frame.witnesses, informees, actors, choiceObservers);
  const nodeId = state.nodes.length;
  state.nodes.push(null);
  frame.children.push(nodeId);
  if (definition.consuming) consume(state, live);
  const inner: Frame = { authorizers: new Set([...contract.signatories, ...actors]), witnesses, children: [] };
  const result = runBody(state, inner, { live, bound, argument, choice: request.choice });
  state.nodes[nodeId] = exercisedNode({ nodeId, live, bound, argument, actors, witnesses, result, inner, state, choice: request.choice });
  return result;
}

function runBody(
  state: TransactionState,
  frame: Frame,
  call: { live: LiveContract; bound: BoundChoice; argument: Value; choice: string },
): Value {
  const { contract } = call.live;
  const self: ChoiceSelf<Value> = {
    contractId: contract.contractId,
    templateId: contract.templateId,
    payload: call.bound.bodyPayload,
    signatories: contract.signatories,
    observers: contract.observers,
  };
  const raw = call.bound.body(createBodyContext(state, frame), self, call.argument);
  return checkProducedValue(call.bound.definition.resultType, raw, `result of ${call.choice}`);
}

function exercisedNode(parts: {
  nodeId: number;
  live: LiveContract;
  bound: BoundChoice;
  argument: Value;
  actors: readonly string[];
  witnesses: readonly string[];
  result: Value;
  inner: Frame;
  state: TransactionState;
  choice: string;
}): ExercisedNode {
  const { contract, template } = parts.live;
  return {
    kind: 'exercised',
    nodeId: parts.nodeId,
    contractId: contract.contractId,
    templateId: contract.templateId,
    interfaceId: parts.bound.interfaceId,
    packageName: contract.packageName,
    choice: parts.choice,
    choiceArgument: parts.argument,
    actingParties: parts.actors,
    consuming: parts.bound.definition.consuming,
    witnesses: parts.witnesses,
    stakeholders: unionOf(contract.signatories, contract.observers),
    signatories: contract.signatories,
    childNodeIds: parts.inner.children,
    lastDescendantNodeId: parts.state.nodes.length - 1,
    exerciseResult: parts.result,
    implementedInterfaces: template.implementedInterfaces,
  };
}
