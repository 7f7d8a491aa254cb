import {
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  type StateValue,
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
  /** Dotted (`active.renewed`), one shared string per state of the machine. */
  readonly state: string;
  readonly context: Readonly<Record<string, unknown>>;
  readonly done: boolean;
  readonly output: unknown;
};

export type MachineStep = MachineState & { readonly effects: readonly StepEffect[] };

type CollectedAction = { readonly type: string; readonly params?: unknown };

function effectOf(action: CollectedAction): StepEffect | null {
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

/** A snapshot's state as one string: `active.renewed` for nested states. */
export const stateOf = (snapshot: AnyMachineSnapshot): string => dottedValue(snapshot.value);

/**
 * Steps a machine as XState's pure `initialTransition`/`transition` do: the next snapshot and
 * the actions to execute, none executed. One inert actor scope per machine is reused for every
 * step (the library's helpers build a throwaway actor per call, several times the cost), and
 * between steps only the persisted form is kept, so a workflow costs its context and a few
 * fields rather than a running actor with its own system, mailbox and snapshot.
 */
export function createMachineStepper(machine: AnyStateMachine, usePlans = true) {
  // An actor that never starts: it only lends its system to the scope.
  const self = createActor(machine);
  let collected: CollectedAction[] = [];
  const scope: AnyActorScope = {
    self,
    id: '',
    sessionId: '',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system: self.system,
    stopChild: () => {},
    actionExecutor: (action) => {
      collected.push(action);
    },
  };
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
  const finish = (snapshot: AnyMachineSnapshot): MachineStep => {
    const effects: StepEffect[] = [];
    for (const action of collected) {
      const effect = effectOf(action);
      if (effect !== null) effects.push(effect);
    }
    collected = [];
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
    const value = values.get(kept.state)?.value ?? kept.state;
    const snapshot = machine.resolveState({ value, context: kept.context }) as AnyMachineSnapshot;
    // A fresh object: a final state's snapshot gets back the output it ended with.
    if (kept.done) (snapshot as { output: unknown }).output = kept.output;
    return snapshot;
  };
  // State → event type → what the event does there, worked out on first use.
  const planOf = usePlans
    ? createPlanCache({
        machine,
        nodesOf: (state) => snapshotOf({ state, context: {}, done: false, output: null })._nodes,
        intern: internedState,
      })
    : (): PlanOutcome => unplanned;
  // Steps taken by plans and by XState's transition (tests and the benchmark read them).
  const counts = { planned: 0, xstate: 0 };
  return {
    machine,
    snapshotOf,
    counts: () => ({ ...counts }),
    initial(input: unknown): MachineStep {
      collected = [];
      return finish(machine.getInitialSnapshot(scope, input) as AnyMachineSnapshot);
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
          const step = runPlan({ machine, plan, kept, event, scope });
          counts.planned += 1;
          return step;
        } catch (error) {
          if (error !== leaveToXState) throw error;
        }
      }
      counts.xstate += 1;
      collected = [];
      const snapshot = snapshotOf(kept);
      const next = machine.transition(snapshot, event, scope) as AnyMachineSnapshot;
      if (next === snapshot) return null;
      return finish(next);
    },
  };
}

export type MachineStepper = ReturnType<typeof createMachineStepper>;
