import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  initialTransition,
  transition,
} from 'xstate';

// Drives a machine through XState's pure functions, `initialTransition` and `transition`: each
// step returns the next snapshot and the actions to execute, of which these tests read the
// delayed events (timers) and the emitted events (requests).

type Action = { readonly type: string; readonly params?: unknown };

export type PureStep = {
  readonly snapshot: AnyMachineSnapshot;
  readonly actions: readonly Action[];
};

export function start(machine: AnyStateMachine, input: unknown): PureStep {
  const [snapshot, actions] = initialTransition(machine, input);
  return { snapshot: snapshot as AnyMachineSnapshot, actions: actions as readonly Action[] };
}

export function send(
  machine: AnyStateMachine,
  from: PureStep,
  event: EventObject & Readonly<Record<string, unknown>>,
): PureStep {
  const [snapshot, actions] = transition(machine, from.snapshot, event);
  return { snapshot: snapshot as AnyMachineSnapshot, actions: actions as readonly Action[] };
}

/** The delayed events a step scheduled, with their delays in ms. */
export function timersOf(step: PureStep): { event: EventObject; delay: number }[] {
  return step.actions.flatMap((action) => {
    const params = action.params as { event?: EventObject; delay?: unknown } | undefined;
    if (action.type !== 'xstate.raise' || typeof params?.delay !== 'number' || !params.event) {
      return [];
    }
    return [{ event: params.event, delay: params.delay }];
  });
}

/** Fires the single timer a step scheduled. */
export function fireTimer(machine: AnyStateMachine, step: PureStep): PureStep {
  const [timer] = timersOf(step);
  if (timer === undefined) throw new Error('no timer was scheduled');
  return send(machine, step, timer.event);
}

/** The events a step emitted (requests for the automations). */
export function emittedBy(step: PureStep): EventObject[] {
  return step.actions.flatMap((action) =>
    action.type === 'xstate.emit' ? [(action.params as { event: EventObject }).event] : [],
  );
}

export const stateValueOf = (step: PureStep) => step.snapshot.value;

export const at = '2026-01-01T00:00:00.000000Z';
export const hourLater = '2026-01-01T01:00:00.000000Z';
export const minuteLater = '2026-01-01T00:01:00.000000Z';
