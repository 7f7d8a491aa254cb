import { describe, expect, it } from 'vitest';
import {
  assign,
  type ExecutableActionObject,
  emit,
  initialTransition,
  setup,
  transition,
} from 'xstate';

// What the machine stepper relies on in XState's pure transitions, beyond their signatures:
// should an upgrade change any of it, this fails before a workflow misbehaves. XState's types
// name only raise, sendTo and spawnChild among the built-in actions a pure transition returns;
// it returns cancel and emit too, which the stepper turns into effects.

/** The actions as XState returns them, beyond what its types name. */
const actionsOf = (actions: readonly unknown[]) => actions as readonly ExecutableActionObject[];

const machine = setup({
  types: {
    context: {} as { readonly n: number },
    input: {} as { readonly at: string },
    events: {} as { type: 'go' } | { type: 'stop' } | { type: 'ignored' },
    emitted: {} as { type: 'stopped'; at: string },
  },
  delays: { wait: 500 },
}).createMachine({
  id: 'contract',
  context: ({ input }) => ({ n: input.at.length }),
  initial: 'idle',
  states: {
    idle: {
      on: { go: { target: 'waiting', actions: assign({ n: ({ context }) => context.n + 1 }) } },
    },
    waiting: {
      after: { wait: 'idle' },
      on: { stop: { target: 'done', actions: emit({ type: 'stopped', at: 'now' }) } },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ n: context.n }),
});

describe('XState pure transitions, as the machine stepper uses them', () => {
  it('hands the initial transition the input on its init event', () => {
    const [initial, actions] = initialTransition(machine, { at: '12345' });
    expect(initial.value).toBe('idle');
    expect(initial.context).toEqual({ n: 5 });
    expect(actions).toEqual([]);
    // machine-time.ts reads the time of the event that entered a state from it.
    const timed = setup({ types: { input: {} as { readonly at: string } } }).createMachine({
      id: 'timed',
      initial: 'waiting',
      states: {
        waiting: {
          after: { 1: 'over' },
          entry: emit(({ event }) => ({
            type: 'entered',
            input: (event as { input?: unknown }).input,
          })),
        },
        over: {},
      },
    });
    const [, entered] = initialTransition(timed, { at: '12345' });
    expect(actionsOf(entered).find((action) => action.type === 'xstate.emit')?.params).toEqual({
      event: { type: 'entered', input: { at: '12345' } },
    });
  });

  it('returns the very snapshot it was given for an event no transition takes', () => {
    const [initial] = initialTransition(machine, { at: 'x' });
    const [next, actions] = transition(machine, initial, { type: 'ignored' });
    expect(next).toBe(initial);
    expect(actions).toEqual([]);
  });

  it('returns a delayed timer as a raise with its id, event and delay, not executed', () => {
    const [initial] = initialTransition(machine, { at: 'x' });
    const [waiting, actions] = transition(machine, initial, { type: 'go' });
    expect(waiting.value).toBe('waiting');
    expect(waiting.context).toEqual({ n: 2 });
    const id = 'xstate.after.wait.contract.waiting';
    const raises = actions.filter((action) => action.type === 'xstate.raise');
    expect(raises.map((action) => action.params)).toEqual([
      { id, event: { type: id }, delay: 500 },
    ]);
    // The timer's event, sent back when it falls due, takes the delayed transition.
    const [back] = transition(machine, waiting, { type: id } as never);
    expect(back.value).toBe('idle');
  });

  it('returns leaving a state as a cancel of its timers, and an emit with its event', () => {
    const [initial] = initialTransition(machine, { at: 'x' });
    const [waiting] = transition(machine, initial, { type: 'go' });
    const [done, actions] = transition(machine, waiting, { type: 'stop' });
    expect(done.status).toBe('done');
    expect(done.output).toEqual({ n: 2 });
    const effects = actionsOf(actions)
      .filter((action) => action.type === 'xstate.cancel' || action.type === 'xstate.emit')
      .map((action) => [action.type, action.params]);
    expect(effects).toEqual([
      ['xstate.cancel', { sendId: 'xstate.after.wait.contract.waiting' }],
      ['xstate.emit', { event: { type: 'stopped', at: 'now' } }],
    ]);
  });

  it('resumes from a snapshot rebuilt by resolveState from a state value and context', () => {
    const rebuilt = machine.resolveState({ value: 'waiting', context: { n: 7 } });
    const [idle] = transition(machine, rebuilt, {
      type: 'xstate.after.wait.contract.waiting',
    } as never);
    expect(idle.value).toBe('idle');
    expect(idle.context).toEqual({ n: 7 });
  });
});
