import type { StateSection, UndoLog } from '@pocketnet/ledger';
import { undoableMap } from '@pocketnet/ledger';
import type { ActorEntry, Cause } from './actor-effects.ts';
import { slotsPerTransition } from './actor-history.ts';
import { bindingOf, type MachineId, type WorkflowContext } from './machine-catalog.ts';
import type { MachineStepper } from './machine-stepper.ts';
import type { ActorTimer, TimerQueue } from './timer-queue.ts';

/** A pending timer of an actor: its id, event, due time (µs) and sequence. */
type SavedTimer = [
  id: string,
  event: { readonly type: string },
  dueMicros: number,
  sequence: number,
];

/**
 * One actor as its machine's persisted state (the dotted state, context, whether it is done and
 * its output: what XState's persisted snapshot holds of machines that spawn nothing and keep no
 * history states) and what the registry keeps of it.
 */
type SavedActor = {
  readonly machine: string;
  readonly key: string;
  readonly state: string;
  readonly context: unknown;
  readonly done: boolean;
  readonly output: unknown;
  /** Its history, a transition in three slots: the cause (an index into `causes`), state, event. */
  readonly log: (number | string)[];
  readonly timers: SavedTimer[] | null;
  readonly indexedContracts: number;
  /** What routes to it, in routing order: a position in its context's contract ids, or a key. */
  readonly routes: (number | string)[];
  /** The tracking id it was filed under when spawned. */
  readonly trackedAs: string | null;
};

export type SavedActors = {
  /** Every cause of a transition once ([offset, update id, time]): a record moves many actors. */
  readonly causes: [offset: number | null, updateId: string | null, at: string][];
  /** In the order they were spawned. */
  readonly actors: SavedActor[];
  readonly lastMicros: number;
  readonly lastTimerSequence: number;
};

/** The registry's collections, which its section saves and fills. */
export type RegistryHoldings = {
  readonly undo: UndoLog;
  readonly spawned: ActorEntry[];
  readonly byMachine: Map<string, Map<string, ActorEntry>>;
  readonly routes: Map<string, ActorEntry>;
  readonly tracked: Map<string, Map<string, ActorEntry | ActorEntry[]>>;
  readonly timers: TimerQueue<ActorEntry>;
  readonly counts: { lastMicros: number; live: number };
  stepperOf(machine: MachineId): MachineStepper;
};

function causeTable() {
  const indices = new Map<string, number>();
  const causes: SavedActors['causes'] = [];
  return {
    causes,
    indexOf(cause: Cause): number {
      const key = `${cause.offset}|${cause.updateId}|${cause.at}`;
      let index = indices.get(key);
      if (index === undefined) {
        index = causes.length;
        causes.push([cause.offset, cause.updateId, cause.at]);
        indices.set(key, index);
      }
      return index;
    },
  };
}

function savedLog(entry: ActorEntry, causeIndex: (cause: Cause) => number): (number | string)[] {
  return entry.log.map((slot, position) =>
    position % slotsPerTransition === 0 ? causeIndex(slot as Cause) : (slot as string),
  );
}

/** Actor → its routes: a contract id of its context by position, any other key as it is. */
function routesByActor(holdings: RegistryHoldings): Map<ActorEntry, (number | string)[]> {
  const byActor = new Map<ActorEntry, (number | string)[]>();
  for (const [key, entry] of holdings.routes) {
    const position = (entry.context as WorkflowContext).contractIds.indexOf(key);
    const routes = byActor.get(entry) ?? [];
    routes.push(position < 0 ? key : position);
    byActor.set(entry, routes);
  }
  return byActor;
}

function trackingIds(holdings: RegistryHoldings): Map<ActorEntry, string> {
  const byActor = new Map<ActorEntry, string>();
  for (const byId of holdings.tracked.values()) {
    for (const [trackingId, carriers] of byId) {
      for (const entry of Array.isArray(carriers) ? carriers : [carriers]) {
        byActor.set(entry, trackingId);
      }
    }
  }
  return byActor;
}

function save(holdings: RegistryHoldings): SavedActors {
  const table = causeTable();
  const routes = routesByActor(holdings);
  const tracked = trackingIds(holdings);
  const actors = holdings.spawned.map(
    (entry): SavedActor => ({
      machine: entry.binding.id,
      key: entry.key,
      state: entry.state,
      context: entry.context,
      done: entry.done,
      output: entry.output ?? null,
      log: savedLog(entry, table.indexOf),
      timers:
        entry.timers?.map((timer) => [timer.id, timer.event, timer.dueMicros, timer.sequence]) ??
        null,
      indexedContracts: entry.indexedContracts,
      routes: routes.get(entry) ?? [],
      trackedAs: tracked.get(entry) ?? null,
    }),
  );
  return {
    causes: table.causes,
    actors,
    lastMicros: holdings.counts.lastMicros,
    lastTimerSequence: holdings.timers.lastSequence(),
  };
}

function restoredEntry(holdings: RegistryHoldings, saved: SavedActor, causes: Cause[]): ActorEntry {
  const binding = bindingOf(saved.machine);
  if (binding === undefined) throw new Error(`a saved actor of no machine: ${saved.machine}`);
  const stepper = holdings.stepperOf(binding.id);
  return {
    key: saved.key,
    binding,
    stepper,
    state: stepper.restoredState(saved.state),
    context: saved.context as Record<string, unknown>,
    done: saved.done,
    output: saved.output,
    log: saved.log.map((slot, position) =>
      position % slotsPerTransition === 0 ? (causes[slot as number] as Cause) : String(slot),
    ),
    timers: null,
    indexedContracts: saved.indexedContracts,
  };
}

function file(holdings: RegistryHoldings, entry: ActorEntry, saved: SavedActor): void {
  const { byMachine, routes, tracked, undo } = holdings;
  const keys = byMachine.get(entry.binding.id) ?? undoableMap<string, ActorEntry>(undo);
  keys.set(entry.key, entry);
  byMachine.set(entry.binding.id, keys);
  const { contractIds } = entry.context as WorkflowContext;
  for (const route of saved.routes) {
    routes.set(typeof route === 'number' ? (contractIds[route] as string) : route, entry);
  }
  if (saved.trackedAs === null) return;
  const byId = tracked.get(entry.binding.id) ?? undoableMap(undo);
  tracked.set(entry.binding.id, byId);
  const carriers = byId.get(saved.trackedAs);
  if (carriers === undefined) byId.set(saved.trackedAs, entry);
  else byId.set(saved.trackedAs, [...(Array.isArray(carriers) ? carriers : [carriers]), entry]);
}

function restore(holdings: RegistryHoldings, saved: SavedActors): void {
  const causes = saved.causes.map(([offset, updateId, at]): Cause => ({ offset, updateId, at }));
  const pending: Omit<ActorTimer<ActorEntry>, 'cancelled'>[] = [];
  for (const savedActor of saved.actors) {
    const entry = restoredEntry(holdings, savedActor, causes);
    holdings.spawned.push(entry);
    file(holdings, entry, savedActor);
    if (!entry.done) holdings.counts.live += 1;
    for (const [id, event, dueMicros, sequence] of savedActor.timers ?? []) {
      pending.push({ owner: entry, id, event, dueMicros, sequence });
    }
  }
  for (const timer of holdings.timers.restore(pending, saved.lastTimerSequence)) {
    const { owner } = timer;
    if (owner.timers === null) owner.timers = [timer];
    else owner.timers.push(timer);
  }
  holdings.counts.lastMicros = saved.lastMicros;
}

/**
 * The actor registry's state section (issue 23): every actor, its history and pending timers,
 * and the registry's routes to it, so that a load puts the actors back without stepping a
 * machine. Histories keep their causes (offset, update id, time), each once: what the
 * inspector serves of them, without the records.
 */
export function actorsSection(holdings: RegistryHoldings): StateSection<SavedActors> {
  return {
    save: () => save(holdings),
    restore: (saved) => restore(holdings, saved),
  };
}
