import type { Clock, JournalRecord, ParticipantState, UndoLog } from '@pocketnet/ledger';
import { type Observable, Subject } from 'rxjs';
import type { BackgroundTask } from '../automation/node-schedule.ts';
import { accessOf, type Caller } from '../services/caller.ts';
import { type ActorEntry, actorIdOfEntry } from './actor-effects.ts';
import { createdAtOf, historyOf, lastTransitionOf, updatedAtOf } from './actor-history.ts';
import { createActorRegistry } from './actor-registry.ts';
import type {
  ActorDetail,
  ActorRequest,
  ActorRuntime,
  ActorSummary,
  ActorTransition,
  MachineDescription,
} from './actor-types.ts';
import { accessOrNull, isVisibleTo } from './actor-visibility.ts';
import { machineBindings, type WorkflowContext } from './machine-catalog.ts';
import { describeMachine, describeMachineInfo } from './machine-inspection.ts';

export type {
  ActorDetail,
  ActorRequest,
  ActorRuntime,
  ActorSummary,
  ActorTransition,
  MachineDescription,
  MachineInfo,
  MachineTransition,
} from './actor-types.ts';

export function summaryOf(entry: ActorEntry): ActorSummary {
  const context = entry.context as WorkflowContext;
  return {
    id: actorIdOfEntry(entry),
    machine: entry.binding.id,
    state: entry.state,
    status: entry.done ? 'done' : 'active',
    parties: [...context.parties],
    contractIds: [...context.contractIds],
    createdAt: createdAtOf(entry),
    updatedAt: updatedAtOf(entry),
    trackingId: entry.binding.trackingId(context),
  };
}

export function detailOf(entry: ActorEntry): ActorDetail {
  return {
    ...summaryOf(entry),
    context: structuredClone(entry.context) as unknown,
    output: structuredClone(entry.output ?? null),
    history: historyOf(entry),
  };
}

const inState = (state: string, filter: string) =>
  state === filter || state.startsWith(`${filter}.`);

/**
 * The workflow actors of a node, fed by its bus (subscribe it after the projections and before
 * the journal is replayed, so a restart rebuilds every actor). Timers fall due on the node's
 * clock: when a record with a later time arrives, when the devnet's scheduler runs `dueTask`
 * as time is moved, on the wall clock's tick, and before every read.
 */
export function createActorRuntime(deps: {
  records$: Observable<JournalRecord>;
  clock: Clock;
  participant: ParticipantState;
  onError: (error: unknown) => void;
  /** The node's undo log: a rollback takes the actors and their timers back with the ledger. */
  undo: UndoLog;
  /** Fires due timers every so many ms on a wall clock (when no scheduler does); 0 = never. */
  tickMillis?: number;
}): ActorRuntime & {
  readonly dueTask: BackgroundTask;
  liveCount(): number;
  /** Steps taken by transition plans and by XState's own `transition` (the benchmark reads it). */
  stepCounts(): { planned: number; xstate: number };
} {
  const transitions = new Subject<ActorTransition>();
  const requests = new Subject<ActorRequest>();
  const registry = createActorRegistry(
    {
      // A transition is built only for someone listening; the history keeps it compactly.
      transition: (entry) => {
        if (transitions.observed) transitions.next(lastTransitionOf(entry));
      },
      request: (request) => requests.next(request),
      error: (error) => deps.onError(error),
    },
    deps.undo,
  );
  const subscription = deps.records$.subscribe((record) => registry.apply(record));
  const now = () => Math.max(Number(deps.clock.nowMicros()), registry.lastMicros());
  const settle = () => registry.fireDue(now());
  // A live node fires a timer as time moves; a replay only once a later record comes: a save
  // fires what is due by now first, as every read does, so that both save the same.
  deps.undo.section(`actors.registry.${deps.participant.participantId}`, {
    save: () => {
      settle();
      return registry.section.save();
    },
    restore: registry.section.restore,
  });
  const ticker =
    deps.clock.kind === 'wall' && (deps.tickMillis ?? 0) > 0
      ? setInterval(settle, deps.tickMillis).unref()
      : null;
  const descriptions = new Map<string, MachineDescription>();
  const visible = (caller: Caller, entry: ActorEntry | undefined) => {
    if (entry === undefined) return undefined;
    return isVisibleTo(accessOf(caller, deps.participant), entry) ? detailOf(entry) : undefined;
  };
  return {
    machines: () => machineBindings.map(describeMachineInfo),
    machine(id) {
      const binding = machineBindings.find((candidate) => candidate.id === id);
      if (binding === undefined) return undefined;
      const description = descriptions.get(id) ?? describeMachine(binding);
      descriptions.set(id, description);
      return structuredClone(description);
    },
    list(caller, filter = {}) {
      const access = accessOf(caller, deps.participant);
      settle();
      const found: ActorSummary[] = [];
      for (const entry of registry.all()) {
        if (filter.machine !== undefined && entry.binding.id !== filter.machine) continue;
        if (filter.state !== undefined && !inState(entry.state, filter.state)) continue;
        if (isVisibleTo(access, entry)) found.push(summaryOf(entry));
      }
      return found;
    },
    get(caller, actorId) {
      settle();
      return visible(caller, registry.actor(actorId));
    },
    findByTrackingId(caller, machine, trackingId) {
      settle();
      const access = accessOf(caller, deps.participant);
      const newestFirst = [...registry.byTrackingId(machine, trackingId)].reverse();
      const entry = newestFirst.find((candidate) => isVisibleTo(access, candidate));
      return entry === undefined ? undefined : detailOf(entry);
    },
    findByContract(caller, contractId) {
      settle();
      return visible(caller, registry.byContract(contractId));
    },
    canSee(caller, actorId) {
      const entry = registry.actor(actorId);
      const access = accessOrNull(caller, deps.participant);
      return entry !== undefined && access !== null && isVisibleTo(access, entry);
    },
    transitions$: transitions.asObservable(),
    requests$: requests.asObservable(),
    dueTask: {
      name: 'workflow actor timers',
      runsAs: 'here',
      nextDueMicros: () => {
        const due = registry.nextDueMicros();
        return due === null ? null : BigInt(due);
      },
      run: async () => settle(),
    },
    liveCount: () => registry.liveCount(),
    stepCounts: () => registry.stepCounts(),
    stop() {
      if (ticker) clearInterval(ticker);
      subscription.unsubscribe();
      transitions.complete();
      requests.complete();
    },
  };
}
