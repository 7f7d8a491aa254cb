import type { HistoryLog } from './actor-history.ts';
import type { ActorRequest } from './actor-types.ts';
import { actorIdOf, type MachineBinding, type WorkflowContext } from './machine-catalog.ts';
import type { MachineState, MachineStepper, StepEffect } from './machine-stepper.ts';
import type { ActorTimer, TimerQueue } from './timer-queue.ts';

/** One workflow actor: its machine's state and context, its history and its pending timers. */
export type ActorEntry = {
  -readonly [TKey in keyof MachineState]: MachineState[TKey];
} & {
  /** What its id names it by after the machine (`actorIdOf`): kept instead of the id itself. */
  readonly key: string;
  readonly binding: MachineBinding;
  readonly stepper: MachineStepper;
  /** Its history (actor-history.ts), which also says when it was created and last moved. */
  log: HistoryLog;
  timers: ActorTimer<ActorEntry>[] | null;
  /** How many of the context's contract ids the registry has indexed already. */
  indexedContracts: number;
};

/** An actor's id, `<machine>:<key>`. */
export const actorIdOfEntry = (entry: Pick<ActorEntry, 'binding' | 'key'>): string =>
  actorIdOf(entry.binding.id, entry.key);

/** What made an actor move: a ledger record (offset, update id) or a timer (neither). */
export type Cause = {
  readonly offset: number | null;
  readonly updateId: string | null;
  readonly at: string;
};

/** Where the registry reports to: the runtime's streams and its error sink. */
export type Reactions = {
  /** The actor moved: its last history entry is the transition. */
  transition(entry: ActorEntry): void;
  request(request: ActorRequest): void;
  error(error: unknown): void;
};

function cancel(entry: ActorEntry, id: string, timers: TimerQueue<ActorEntry>): void {
  const held = entry.timers;
  const index = held === null ? -1 : held.findIndex((timer) => timer.id === id);
  if (held === null || index < 0) return;
  timers.cancel(held[index] as ActorTimer<ActorEntry>);
  held.splice(index, 1);
  if (held.length === 0) entry.timers = null;
}

function requestOf(entry: ActorEntry, effect: StepEffect, cause: Cause): ActorRequest | null {
  if (effect.kind !== 'emit') return null;
  const { type, contractId, ...data } = effect.event;
  const context = entry.context as WorkflowContext;
  return {
    actorId: actorIdOfEntry(entry),
    machine: entry.binding.id,
    type,
    contractId: typeof contractId === 'string' ? contractId : null,
    parties: [...context.parties],
    offset: cause.offset,
    data,
  };
}

/**
 * Carries out what a step asked for: delays become timers on the node's clock, due the delay
 * after the time of the step's cause (the record time, or the due time of the timer that
 * fired), so that a replay schedules exactly what the live run did; emitted events become
 * requests for the automations.
 */
export function applyEffects(options: {
  entry: ActorEntry;
  effects: readonly StepEffect[];
  cause: Cause;
  /** The time of the cause, µs: a delay counts from it. */
  atMicros: number;
  timers: TimerQueue<ActorEntry>;
  reactions: Reactions;
}): void {
  const { entry, cause, timers } = options;
  for (const effect of options.effects) {
    if (effect.kind === 'schedule') {
      cancel(entry, effect.id, timers);
      const due = options.atMicros + Math.round(effect.delayMillis * 1000);
      const timer = timers.schedule(entry, effect.id, effect.event, due);
      if (entry.timers === null) entry.timers = [timer];
      else entry.timers.push(timer);
    } else if (effect.kind === 'cancel') {
      cancel(entry, effect.id, timers);
    } else {
      const request = requestOf(entry, effect, cause);
      if (request !== null) options.reactions.request(request);
    }
  }
}
