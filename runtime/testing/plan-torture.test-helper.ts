import { type AnyStateMachine, assign, createMachine, emit, raise } from 'xstate';

// A machine that uses every structure plans must reproduce (nested states with entry, exit and
// initial actions, delayed transitions, reentering and targetless transitions, custom actions,
// params) and some they leave to XState (guards, eventless transitions, a raise without delay,
// final states), for the planned-steps test to compare with XState.

type Context = { readonly trail: readonly string[]; readonly n: number };
type Args = { readonly context: Context; readonly event: { type: string; n?: number } };

const note = (label: string) => emit(({ context }) => ({ type: 'noted', label, context }));

const implementations = {
  actions: {
    record: assign(({ context, event }: Args, params: { label: string }) => ({
      trail: [...context.trail, `${params.label}:${event.type}`],
    })),
    count: assign({ n: ({ context, event }: Args) => context.n + (event.n ?? 1) }),
    shout: note('shout'),
    custom: () => {},
  },
  guards: { never: () => false, isOdd: ({ context }: Args) => context.n % 2 === 1 },
  delays: { later: ({ context }: Args) => 1000 * (context.n + 1) },
};

const config = {
  id: 'torture',
  initial: 'a',
  context: { trail: [], n: 0 },
  on: {
    'root.touch': { actions: 'count' },
    'root.noop': { actions: ['custom', note('noop')] },
    'root.reset': { target: '.a', reenter: true },
  },
  states: {
    a: {
      initial: 'a1',
      entry: [{ type: 'record', params: { label: 'enter a' } }, note('enter a')],
      exit: [
        note('exit a'),
        { type: 'record', params: ({ event }: Args) => ({ label: event.type }) },
      ],
      after: { later: { target: 'b', actions: 'count' } },
      on: {
        'go.deep': '#torture.b.b2',
        guarded: [{ guard: 'never', target: 'b' }, { target: 'c' }],
        'raise.now': { actions: raise({ type: 'go.a2' }) },
        'maybe.odd': { guard: 'isOdd', target: 'c' },
      },
      states: {
        a1: {
          entry: note('enter a1'),
          exit: ['custom', note('exit a1')],
          on: {
            'go.a2': { target: 'a2', actions: 'count' },
            'go.self': { target: 'a1', reenter: true, actions: 'shout' },
            'go.stay': { target: 'a1' },
          },
        },
        a2: {
          on: {
            'go.up': { target: '#torture.a', reenter: true },
            'go.b': { target: '#torture.b', actions: 'count' },
          },
        },
      },
    },
    b: {
      initial: { target: 'b1', actions: note('initial b') },
      entry: 'shout',
      after: { 500: { target: '.b2' } },
      on: { 'go.a': 'a', finish: 'done' },
      states: {
        b1: { on: { 'go.b2': { target: 'b2', actions: 'count' } } },
        b2: { entry: 'count', on: { 'go.c': '#torture.c' } },
      },
    },
    c: {
      always: { guard: 'isOdd', target: 'b' },
      on: { 'go.a': 'a', 'root.touch': { actions: 'count' } },
    },
    done: { type: 'final' },
  },
};

export const tortureMachine: AnyStateMachine = createMachine(
  config as never,
  implementations as never,
);

export const tortureEventTypes = [
  ...['root.touch', 'root.noop', 'root.reset', 'go.deep', 'guarded', 'raise.now', 'maybe.odd'],
  ...['go.a2', 'go.self', 'go.stay', 'go.up', 'go.b', 'go.a', 'finish', 'go.b2', 'go.c'],
  'xstate.after.later.torture.a',
  'xstate.after.500.torture.b',
  'unknown.event',
] as const;
