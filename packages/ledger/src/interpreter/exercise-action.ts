import type { ChoiceBodyFunction, ChoiceDefinition } from '../dsl/definitions.ts';
import type { BegunExercise } from '../dsl/transaction-context.ts';
import { DomainError } from '../errors.ts';
import type { ResolvedEntity, ResolvedTemplate } from '../packages/resolved-entity.ts';
import { computeView, implementationOf } from '../packages/views.ts';
import { type ExercisedNode, noNodeIds } from '../transaction.ts';
import type { Value } from '../value.ts';
import { checkProducedValue } from '../values/produced-value.ts';
import { createBodyContext } from './body-context.ts';
import { checkTemplate } from './fetch-action.ts';
import {
  isSameList,
  type PartyListPool,
  partySet,
  requireAuthorization,
  unionOf,
  unpooled,
} from './parties.ts';
import type { Frame, LiveContract, TransactionState } from './transaction-state.ts';
import { consume, useContract } from './transaction-state.ts';
import { payloadAs, selectedVersion, versionFor } from './upgrade-contract.ts';
import type { ValueSource } from './value-source.ts';
import { checkArgument } from './value-source.ts';

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
  /** The template whose choice runs: the one named, when it upgrades or downgrades the contract. */
  readonly template: ResolvedTemplate;
};

function choiceNotFound(choice: string, on: string): DomainError {
  return new DomainError(
    'TEMPLATES_OR_INTERFACES_NOT_FOUND',
    `Choice ${choice} does not exist on ${on}`,
    {
      details: { choice },
    },
  );
}

function bindChoice(
  state: TransactionState,
  request: ExerciseRequest,
  live: LiveContract,
): BoundChoice {
  const { target, choice } = request;
  if (target.kind === 'template') {
    checkTemplate(target, live);
    // Canton runs the named version's choice, on the contract upgraded (or downgraded) to it.
    const version = versionFor(state, live, target);
    const definition = version.definition.choices.get(choice);
    if (definition === undefined) throw choiceNotFound(choice, version.templateId);
    const { body } = definition;
    if (body === null) throw new Error(`template choice ${choice} has no body`);
    const upgraded = payloadAs(live, version);
    return {
      definition,
      body,
      controllerPayload: upgraded,
      bodyPayload: upgraded,
      interfaceId: null,
      template: version,
    };
  }
  const declared = target.definition.choices.get(choice);
  if (declared === undefined) throw choiceNotFound(choice, target.interfaceId);
  // The interface instance of the version of the template the package selection picks.
  const { template, payload } = selectedVersion(state, live);
  const implementation = implementationOf(template, target, live.contract.contractId);
  const overPayload = implementation.choices?.get(choice);
  if (overPayload?.body) {
    return {
      definition: overPayload,
      body: overPayload.body,
      controllerPayload: payload,
      bodyPayload: payload,
      interfaceId: target.interfaceId,
      template,
    };
  }
  const definition = declared;
  const view = computeView(template, target, payload);
  const own = implementation.bodies.get(choice);
  // A body the template gives sees its payload; the interface's own body sees the view.
  const body = own ?? definition.body;
  if (body === null) throw new Error(`no body for ${target.interfaceId} ${choice}`);
  const bodyPayload = own === undefined ? view : payload;
  return {
    definition,
    body,
    controllerPayload: view,
    bodyPayload,
    interfaceId: target.interfaceId,
    template,
  };
}

/** An exercise whose choice, argument and parties are settled, ready to run. */
type PreparedExercise = {
  readonly live: LiveContract;
  readonly bound: BoundChoice;
  readonly choice: string;
  readonly argument: Value;
  readonly actors: readonly string[];
  /** Witnesses of the exercise node: those of the enclosing action plus its informees. */
  readonly witnesses: readonly string[];
};

function prepareExercise(
  state: TransactionState,
  frame: Frame,
  request: ExerciseRequest,
): PreparedExercise {
  const live = useContract(state, request.contractId);
  const bound = bindChoice(state, request, live);
  const { definition } = bound;
  const argument = checkArgument(definition.argumentType, request.argument, request.source);
  const actors = partySet(definition.controllers(bound.controllerPayload, argument));
  const name = `Exercising ${request.choice} on ${bound.template.templateId}`;
  if (actors.length === 0) {
    throw new DomainError('DAML_AUTHORIZATION_ERROR', `${name} has no controllers`);
  }
  requireAuthorization(name, actors, frame.authorizers);
  const { contract } = live;
  const choiceObservers = definition.observers?.(bound.controllerPayload, argument) ?? [];
  // Daml's informees: a consuming exercise is seen by all stakeholders, any other by the
  // signatories; the actors and choice observers see it either way.
  const informees = definition.consuming
    ? [...contract.signatories, ...contract.observers]
    : contract.signatories;
  const witnesses = unionOf(frame.witnesses, informees, actors, choiceObservers);
  return { live, bound, choice: request.choice, argument, actors, witnesses };
}

/** Daml's exercise: checks controllers' authority, archives if consuming, runs the body. */
export function performExercise(
  state: TransactionState,
  frame: Frame,
  request: ExerciseRequest,
): Value {
  const begun = beginExercise(state, frame, request);
  return begun.finish(begun.body(begun.context, begun.self, begun.argument));
}

/**
 * An exercise begun: checked, its node reserved and its contract consumed; its body is still
 * to run, in `context`, and `finish` records the node with the body's result. Split so that an
 * evaluator can run the body on its own stack instead of nesting JavaScript calls per level.
 */
export function beginExercise(
  state: TransactionState,
  frame: Frame,
  request: ExerciseRequest,
): BegunExercise {
  const exercise = prepareExercise(state, frame, request);
  const { contract } = exercise.live;
  const nodeId = state.nodes.length;
  state.nodes.push(null);
  frame.children.push(nodeId);
  if (exercise.bound.definition.consuming) consume(state, exercise.live);
  const inner: Frame = {
    authorizers: new Set([...contract.signatories, ...exercise.actors]),
    witnesses: exercise.witnesses,
    children: [],
  };
  const { bound } = exercise;
  return {
    body: bound.body,
    context: createBodyContext(state, inner),
    self: {
      contractId: contract.contractId,
      templateId: bound.template.templateId,
      payload: bound.bodyPayload,
      signatories: contract.signatories,
      observers: contract.observers,
    },
    argument: exercise.argument,
    finish(raw, typedBy) {
      const { definition } = bound;
      const result = checkProducedValue(
        definition.resultType,
        raw,
        `result of ${exercise.choice}`,
        // The definition vouches only for its own body (an interface's may run another's).
        typedBy ??
          (definition.typedResult && bound.body === definition.body ? definition.resultType : null),
      );
      state.nodes[nodeId] = exercisedNode(exercise, {
        nodeId,
        result,
        // A copy (or the shared empty list): the scope's list grew by push and has spare room.
        childNodeIds: inner.children.length === 0 ? noNodeIds : inner.children.slice(),
        lastDescendantNodeId: state.nodes.length - 1,
        share: state.input.shareParties ?? unpooled,
      });
      return result;
    },
  };
}

/** The contract's stakeholders; without observers, its signatories' own array. */
function stakeholdersOf(
  contract: { readonly signatories: readonly string[]; readonly observers: readonly string[] },
  share: PartyListPool,
): readonly string[] {
  const stakeholders = unionOf(contract.signatories, contract.observers);
  return isSameList(stakeholders, contract.signatories)
    ? contract.signatories
    : share(stakeholders);
}

function exercisedNode(
  exercise: PreparedExercise,
  outcome: Pick<ExercisedNode, 'nodeId' | 'childNodeIds' | 'lastDescendantNodeId'> & {
    readonly result: Value;
    readonly share: PartyListPool;
  },
): ExercisedNode {
  const { contract } = exercise.live;
  const { template } = exercise.bound;
  const { share } = outcome;
  return {
    kind: 'exercised',
    nodeId: outcome.nodeId,
    contractId: contract.contractId,
    // The template defining the choice run (Canton's rule), which may differ from the
    // contract's own package when the contract was upgraded or downgraded.
    templateId: template.templateId,
    interfaceId: exercise.bound.interfaceId,
    packageName: contract.packageName,
    choice: exercise.choice,
    choiceArgument: exercise.argument,
    actingParties: share(exercise.actors),
    consuming: exercise.bound.definition.consuming,
    witnesses: share(exercise.witnesses),
    stakeholders: stakeholdersOf(contract, share),
    signatories: contract.signatories,
    childNodeIds: outcome.childNodeIds,
    lastDescendantNodeId: outcome.lastDescendantNodeId,
    exerciseResult: outcome.result,
    implementedInterfaces: template.implementedInterfaces,
  };
}
