import { type ActorEntry, actorIdOfEntry, type Cause } from './actor-effects.ts';
import type { ActorTransition } from './actor-types.ts';

// An actor's history, kept compact: three slots per transition (its cause, the state reached,
// the event's name), the cause shared by every transition one record or timer caused. The
// transitions inspection shows are built from it when asked; the state a transition left is
// the one the transition before it reached.

export type HistoryLog = (Cause | string)[];

export const slotsPerTransition = 3;

/** Appends a transition to the state the actor is in now. */
export function logTransition(entry: ActorEntry, cause: Cause, event: string): void {
  entry.log.push(cause, entry.state, event);
}

/** The number of transitions in an actor's history. */
export const historyLength = (entry: Pick<ActorEntry, 'log'>) =>
  entry.log.length / slotsPerTransition;

const causeAt = (entry: Pick<ActorEntry, 'log'>, index: number) =>
  entry.log[index * slotsPerTransition] as Cause;

/** The transition at `index` of an actor's history (0 is its creation). */
export function transitionAt(entry: ActorEntry, index: number): ActorTransition {
  const slot = index * slotsPerTransition;
  const cause = entry.log[slot] as Cause;
  return {
    actorId: actorIdOfEntry(entry),
    machine: entry.binding.id,
    from: index === 0 ? null : (entry.log[slot - 2] as string),
    to: entry.log[slot + 1] as string,
    event: entry.log[slot + 2] as string,
    offset: cause.offset,
    updateId: cause.updateId,
    at: cause.at,
  };
}

export function historyOf(entry: ActorEntry): ActorTransition[] {
  const history: ActorTransition[] = [];
  for (let index = 0; index < historyLength(entry); index++) {
    history.push(transitionAt(entry, index));
  }
  return history;
}

export const lastTransitionOf = (entry: ActorEntry): ActorTransition =>
  transitionAt(entry, historyLength(entry) - 1);

/** When the actor was spawned, on the node's clock. */
export const createdAtOf = (entry: Pick<ActorEntry, 'log'>): string => causeAt(entry, 0).at;

/** When the actor last moved. */
export const updatedAtOf = (entry: Pick<ActorEntry, 'log'>): string =>
  causeAt(entry, historyLength(entry) - 1).at;
