import type { AnyActorRef, AnyStateMachine, EventObject } from 'xstate';
import type { TransitionPlan } from './machine-plans.ts';
import type { MachineState, MachineStep, StepEffect } from './machine-stepper.ts';

// The actions of a planned transition, run as XState's resolveActionsAndContext runs them: in
// order, each seeing the context the previous ones left, with the same arguments and params.
// Built-in actions are the ones the runtime acts on (assign, raise with a delay, cancel, emit);
// custom actions are collected and never executed by the stepper, so they do nothing here
// either. Any other built-in (sendTo, spawn, enqueueActions, …) leaves the step to XState.

type Context = Readonly<Record<string, unknown>>;
type Expression<TValue> = TValue | ((args: unknown, params: unknown) => TValue);
type Params = unknown | ((args: { context: Context; event: EventObject }) => unknown);

export type ActionOp =
  | { readonly kind: 'custom'; readonly params: Params }
  | { readonly kind: 'assign'; readonly params: Params; readonly assignment: unknown }
  | { readonly kind: 'emit'; readonly params: Params; readonly event: Expression<EventObject> }
  | {
      readonly kind: 'raise';
      readonly params: Params;
      readonly event: Expression<EventObject>;
      readonly id: unknown;
      readonly delay: Expression<unknown> | string;
    }
  | { readonly kind: 'cancel'; readonly params: Params; readonly sendId: Expression<string> };

type Builtin = { readonly type: string; readonly [property: string]: unknown };
type ActionDefinition = string | { readonly type: string; readonly params?: Params } | Builtin;

function opOf(machine: AnyStateMachine, action: unknown): ActionOp | null {
  const definition = action as ActionDefinition;
  const isInline = typeof definition === 'function';
  const name = typeof definition === 'string' ? definition : definition.type;
  const resolved = (isInline
    ? definition
    : machine.implementations.actions[name as string]) as unknown as Builtin | undefined;
  const params =
    isInline || typeof definition === 'string' || !('params' in definition)
      ? undefined
      : definition.params;
  if (resolved === undefined || !('resolve' in resolved)) return { kind: 'custom', params };
  switch (resolved.type) {
    case 'xstate.assign':
      return { kind: 'assign', params, assignment: resolved.assignment };
    case 'xstate.emit':
      return { kind: 'emit', params, event: resolved.event as Expression<EventObject> };
    case 'xstate.raise':
      if (typeof resolved.event === 'string') return null;
      return {
        kind: 'raise',
        params,
        event: resolved.event as Expression<EventObject>,
        id: resolved.id,
        delay: resolved.delay as Expression<unknown> | string,
      };
    case 'xstate.cancel':
      return { kind: 'cancel', params, sendId: resolved.sendId as Expression<string> };
    default:
      return null;
  }
}

/** The plan's actions, or null when one of them is beyond a plan. */
export function compileActions(
  machine: AnyStateMachine,
  actions: readonly unknown[],
): ActionOp[] | null {
  const ops: ActionOp[] = [];
  for (const action of actions) {
    const op = opOf(machine, action);
    if (op === null) return null;
    ops.push(op);
  }
  return ops;
}

/** Thrown where the plan cannot follow XState (a spawn, a raise without delay): XState steps. */
export const leaveToXState = Symbol('leave the step to XState');

const refuseSpawn = () => {
  throw leaveToXState;
};

const evaluate = <TValue>(expression: Expression<TValue>, args: unknown, params: unknown) =>
  typeof expression === 'function'
    ? (expression as (args: unknown, params: unknown) => TValue)(args, params)
    : expression;

function assigned(op: { readonly assignment: unknown }, args: object, params: unknown): Context {
  const { assignment } = op;
  if (typeof assignment === 'function') return assignment(args, params);
  const update: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(assignment as Record<string, unknown>)) {
    update[key] = evaluate(value, args, params);
  }
  return update;
}

/** A delay as XState resolves it: a named delay of the machine, a function or a number. */
function delayOf(
  machine: AnyStateMachine,
  delay: Expression<unknown> | string,
  args: unknown,
  params: unknown,
) {
  if (typeof delay !== 'string') return evaluate(delay, args, params);
  const configured = (machine.implementations.delays as Record<string, unknown> | undefined)?.[
    delay
  ];
  return evaluate(configured as Expression<unknown>, args, params);
}

/**
 * Runs a plan's actions on a kept state: the step XState would return, or null where XState
 * would return the snapshot it was given (nothing assigned, the same state nodes).
 */
export function runPlan(options: {
  machine: AnyStateMachine;
  plan: TransitionPlan;
  kept: MachineState;
  event: EventObject;
  /** What XState's own action arguments carry besides context and event. */
  self: AnyActorRef;
  system: AnyActorRef['system'];
}): MachineStep | null {
  const { machine, plan, event, self, system } = options;
  let context = options.kept.context;
  let didAssign = false;
  let effects: StepEffect[] | null = null;
  for (const op of plan.ops) {
    const params =
      typeof op.params === 'function' ? (op.params as ParamsOf)({ context, event }) : op.params;
    if (op.kind === 'custom') continue;
    if (op.kind === 'assign') {
      // XState's assign gets a spawner as well; a plan cannot spawn, so XState takes over.
      const args = { context, event, spawn: refuseSpawn, self, system };
      context = Object.assign({}, context, assigned(op, args, params));
      didAssign = true;
      continue;
    }
    const args = { context, event, self, system };
    effects ??= [];
    if (op.kind === 'emit') {
      effects.push({ kind: 'emit', event: evaluate(op.event, args, params) as EmittedEvent });
    } else if (op.kind === 'raise') {
      const raised = evaluate(op.event, args, params);
      const delay = delayOf(machine, op.delay, args, params);
      // Without a delay XState raises the event within the step.
      if (typeof delay !== 'number') throw leaveToXState;
      effects.push({ kind: 'schedule', id: String(op.id), event: raised, delayMillis: delay });
    } else {
      effects.push({ kind: 'cancel', id: String(evaluate(op.sendId, args, params)) });
    }
  }
  if (!didAssign && plan.sameNodes) return null;
  return { state: plan.state, context, done: false, output: null, effects: effects ?? noEffects };
}

const noEffects: readonly StepEffect[] = Object.freeze([]);

type ParamsOf = (args: { context: Context; event: EventObject }) => unknown;
type EmittedEvent = EventObject & Readonly<Record<string, unknown>>;
