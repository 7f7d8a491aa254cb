import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  type ExecutableActionObject,
  getStateNodes,
  initialTransition,
  type StateValue,
  transition,
} from 'xstate';
import { leaveToXState, runPlan } from './machine-plan-actions.ts';
import { createPlanCache, type PlanOutcome, unhandled, unplanned } from './machine-plans.ts';

/** What a step asks of the world: delayed events on the node's clock, and emitted requests. */
export type StepEffect =
  | {
      readonly kind: 'schedule';
      readonly id: string;
      readonly event: EventObject;
      readonly delayMillis: number;
    }
  | { readonly kind: 'cancel'; readonly id: string }
  | { readonly kind: 'emit'; readonly event: EventObject & Readonly<Record<string, unknown>> };

/**
 * A machine's state as the registry keeps it: the persisted form of a snapshot (its state and
 * context; machines here spawn no children and keep no history states), not the snapshot.
 */
export type MachineState = {
  /** Dotted (`open.active.renewed`), one shared string per state of the machine. */
  readonly state: string;
  readonly context: Readonly<Record<string, unknown>>;
  readonly done: boolean;
  readonly output: unknown;
};

export type MachineStep = MachineState & { readonly effects: readonly StepEffect[] };

/**
 * The effects among the actions a pure transition returns: XState leaves its built-in delayed
 * `raise` (and the `after` timers made of it), `cancel` and `emit` to whoever runs the machine,
 * as these objects (pinned by xstate-contract.test.ts). Assignments are already in the snapshot.
 */
function effectOf(action: ExecutableActionObject): StepEffect | null {
  const params = (action.params ?? {}) as Record<string, unknown>;
  switch (action.type) {
    case 'xstate.raise':
      if (typeof params.delay !== 'number') return null;
      return {
        kind: 'schedule',
        id: String(params.id),
        event: params.event as EventObject,
        delayMillis: params.delay,
      };
    case 'xstate.cancel':
      return { kind: 'cancel', id: String(params.sendId) };
    case 'xstate.emit':
      return { kind: 'emit', event: params.event as EventObject & Record<string, unknown> };
    default:
      return null;
  }
}

function dottedValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return '';
  const [key, child] = Object.entries(value)[0] ?? ['', ''];
  const rest = dottedValue(child);
  return rest === '' ? key : `${key}.${rest}`;
}

/** A snapshot's state as one string: `open.active.renewed` for nested states. */
export const stateOf = (snapshot: AnyMachineSnapshot): string => dottedValue(snapshot.value);

/**
 * Steps a machine through XState's pure `initialTransition`/`transition`: the next snapshot
 * and the actions to execute, none executed. Between steps only the persisted form is kept,
 * so a workflow costs its context and a few fields rather than a running actor with its own
 * system, mailbox and snapshot.
 *
 * The steps of live workflows are taken by transition plans (machine-plans.ts), worked out
 * once per state and event type: `transition` builds a throwaway actor for every call, which
 * made the actor path 7× slower end to end (58 µs against 8.3 µs an update in the actors
 * benchmark). Plans read the definitions of XState's built-in actions, which no public API
 * shows: machine-plans.test.ts holds them to `transition`, step for step, for every machine.
 */
export function createMachineStepper(machine: AnyStateMachine, usePlans = true) {
  // Dotted state → XState's state value, both shared by every actor in that state.
  const values = new Map<string, { readonly state: string; readonly value: StateValue }>();
  const internedState = (value: StateValue) => {
    const dotted = dottedValue(value);
    let known = values.get(dotted);
    if (known === undefined) {
      known = { state: dotted, value };
      values.set(dotted, known);
    }
    return known.state;
  };
  const stateValueOf = (state: string): StateValue => values.get(state)?.value ?? state;
  // A dotted state a state section saved (issue 23), as XState's value: `a.b.c` is {a: {b: 'c'}}.
  const valueOfDotted = (state: string): StateValue =>
    state
      .split('.')
      .reduceRight<StateValue>((child, key) => (child === '' ? key : { [key]: child }), '');
  const finish = (
    snapshot: AnyMachineSnapshot,
    actions: readonly ExecutableActionObject[],
  ): MachineStep => {
    const effects: StepEffect[] = [];
    for (const action of actions) {
      const effect = effectOf(action);
      if (effect !== null) effects.push(effect);
    }
    const done = snapshot.status !== 'active';
    return {
      state: internedState(snapshot.value),
      context: snapshot.context as Record<string, unknown>,
      done,
      output: done ? (snapshot.output ?? null) : null,
      effects,
    };
  };
  /** The full snapshot of a kept state, as XState's inspectors and `transition` want it. */
  const snapshotOf = (kept: MachineState): AnyMachineSnapshot => {
    const snapshot = machine.resolveState({
      value: stateValueOf(kept.state),
      context: kept.context,
    }) as AnyMachineSnapshot;
    // A fresh object: a final state's snapshot gets back the output it ended with.
    if (kept.done) (snapshot as { output: unknown }).output = kept.output;
    return snapshot;
  };
  // An actor that never starts: planned actions get its `self` and `system`, as XState's do.
  const actor = createActor(machine);
  const actionArgs = { self: actor, system: actor.system };
  // State → event type → what the event does there, worked out on first use.
  const planOf = usePlans
    ? createPlanCache({
        machine,
        nodesOf: (state) => [...new Set(getStateNodes(machine.root, stateValueOf(state)))],
        intern: internedState,
      })
    : (): PlanOutcome => unplanned;
  // Steps taken by plans and by XState's transition (tests and the benchmark read them).
  const counts = { planned: 0, xstate: 0 };
  return {
    machine,
    snapshotOf,
    counts: () => ({ ...counts }),
    /** A state a state section saved, interned as the states this stepper reached are. */
    restoredState: (state: string): string =>
      values.get(state)?.state ?? internedState(valueOfDotted(state)),
    initial(input: unknown): MachineStep {
      const [snapshot, actions] = initialTransition(machine, input);
      return finish(snapshot as AnyMachineSnapshot, actions);
    },
    /** The next state, or null when the machine does not handle the event in this state. */
    next(kept: MachineState, event: EventObject): MachineStep | null {
      const plan = kept.done ? unplanned : planOf(kept.state, event.type);
      if (plan === unhandled) {
        counts.planned += 1;
        return null;
      }
      if (plan !== unplanned) {
        try {
          const step = runPlan({ machine, plan, kept, event, ...actionArgs });
          counts.planned += 1;
          return step;
        } catch (error) {
          if (error !== leaveToXState) throw error;
        }
      }
      counts.xstate += 1;
      const snapshot = snapshotOf(kept);
      const [next, actions] = transition(machine, snapshot, event);
      // An event no transition takes leaves the very snapshot it was given.
      if (next === snapshot) return null;
      return finish(next as AnyMachineSnapshot, actions);
    },
  };
}

export type MachineStepper = ReturnType<typeof createMachineStepper>;
