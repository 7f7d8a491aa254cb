import {
  appendOnlyArray,
  formatMicros,
  type JournalRecord,
  type UndoLog,
  undoableMap,
} from '@pocketnet/ledger';
import type { EventObject } from 'xstate';
import { type ActorEntry, applyEffects, type Cause, type Reactions } from './actor-effects.ts';
import { logTransition } from './actor-history.ts';
import { actorsSection } from './actor-section.ts';
import { type ActorRoute, createLedgerEventMapper } from './ledger-events.ts';
import { bindingOf, type MachineId, type WorkflowContext } from './machine-catalog.ts';
import { createMachineStepper, type MachineStepper } from './machine-stepper.ts';
import { createRecordTimeReader } from './record-micros.ts';
import { createTimerQueue } from './timer-queue.ts';

type SpawnRoute = Extract<ActorRoute, { kind: 'spawn' }>;

/**
 * The workflow actors: spawned when a workflow's first contract is created, fed every later
 * ledger event of its contracts, stepped with XState's pure transitions, and kept with their
 * history once they reached a final state. Timers fire on the node's clock, never ahead of the
 * bus: before a record is routed, every timer due by its record time has fired.
 */
export function createActorRegistry(reactions: Reactions, undo: UndoLog) {
  const mapRecord = createLedgerEventMapper();
  const micros = createRecordTimeReader();
  // Every actor, in the order they were spawned, and by machine and key (its id without the
  // machine: ids are not kept, a flat copy of a contract id each); contract ids and routing
  // keys → the actor they route to.
  const spawned = appendOnlyArray<ActorEntry>(undo);
  const byMachine = undoableMap<string, Map<string, ActorEntry>>(undo);
  const routes = undoableMap<string, ActorEntry>(undo);
  // Machine → tracking id → the workflow that carries it, or all of them, oldest first.
  const tracked = undoableMap<string, Map<string, ActorEntry | ActorEntry[]>>(undo);
  const timers = createTimerQueue<ActorEntry>(undo);
  // Compiled machines, the same whatever the actors did: nothing to take back.
  const steppers = new Map<MachineId, MachineStepper>();
  const counts = { lastMicros: 0, live: 0 };
  /**
   * Before an actor moves, what a rollback restores: its fields, its history's length (the
   * history only grows, or is copied once when the actor ends) and its timers.
   */
  const keep = (entry: ActorEntry) => {
    if (!undo.recording) return;
    const { state, context, done, output, log, indexedContracts } = entry;
    const length = log.length;
    const held = entry.timers === null ? null : [...entry.timers];
    undo.record(() => {
      entry.state = state;
      entry.context = context;
      entry.done = done;
      entry.output = output;
      log.length = length;
      entry.log = log;
      entry.timers = held;
      entry.indexedContracts = indexedContracts;
    });
  };

  const stepperOf = (machine: MachineId) => {
    let stepper = steppers.get(machine);
    if (stepper === undefined) {
      const binding = bindingOf(machine);
      if (binding === undefined) throw new Error(`no machine ${machine}`);
      stepper = createMachineStepper(binding.machine);
      steppers.set(machine, stepper);
    }
    return stepper;
  };
  const index = (entry: ActorEntry) => {
    const context = entry.context as WorkflowContext;
    const { contractIds } = context;
    for (let position = entry.indexedContracts; position < contractIds.length; position++) {
      const contractId = contractIds[position] as string;
      if (!routes.has(contractId)) routes.set(contractId, entry);
    }
    entry.indexedContracts = contractIds.length;
    if (entry.binding.routingKeys === null) return;
    for (const key of entry.binding.routingKeys(context)) {
      if (!routes.has(key)) routes.set(key, entry);
    }
  };
  /** After a step: index new contracts, end a finished actor, tell the streams. */
  const settle = (entry: ActorEntry) => {
    index(entry);
    if (entry.done) {
      undo.assign(counts, 'live', counts.live - 1);
      for (const timer of entry.timers ?? []) timers.cancel(timer);
      entry.timers = null;
      // Kept for good: without the room a growing array keeps for more.
      entry.log = entry.log.slice();
    }
    reactions.transition(entry);
  };
  /** `<machine>:<key>` → the actor. */
  const actorById = (id: string) => {
    const colon = id.indexOf(':');
    return colon < 0 ? undefined : byMachine.get(id.slice(0, colon))?.get(id.slice(colon + 1));
  };
  const advance = (entry: ActorEntry, event: EventObject, cause: Cause, atMicros: number) => {
    const step = entry.stepper.next(entry, event);
    if (step === null) return;
    keep(entry);
    entry.state = step.state;
    entry.context = step.context;
    entry.done = step.done;
    entry.output = step.output;
    if (step.effects.length > 0) {
      applyEffects({ entry, effects: step.effects, cause, atMicros, timers, reactions });
    }
    logTransition(entry, cause, event.type);
    settle(entry);
  };
  const track = (entry: ActorEntry) => {
    const trackingId = entry.binding.trackingId(entry.context as WorkflowContext);
    if (trackingId === null) return;
    let byId = tracked.get(entry.binding.id);
    if (byId === undefined) {
      byId = undoableMap(undo);
      tracked.set(entry.binding.id, byId);
    }
    const carriers = byId.get(trackingId);
    if (carriers === undefined) byId.set(trackingId, entry);
    else byId.set(trackingId, [...(Array.isArray(carriers) ? carriers : [carriers]), entry]);
  };
  const spawn = (route: SpawnRoute, cause: Cause, atMicros: number) => {
    // A contract an actor owns already (a renewal's, an acceptance's) starts nothing new.
    if (route.contractId !== null && routes.has(route.contractId)) return;
    const binding = bindingOf(route.machine);
    const keys = byMachine.get(route.machine) ?? undoableMap<string, ActorEntry>(undo);
    if (keys.has(route.key) || binding === undefined) return;
    if (!byMachine.has(route.machine)) byMachine.set(route.machine, keys);
    const stepper = stepperOf(route.machine);
    const { state, context, done, output, effects } = stepper.initial(route.input());
    // One literal, so that every field sits in the object itself.
    const entry: ActorEntry = {
      key: route.key,
      binding,
      stepper,
      state,
      context,
      done,
      output,
      log: [cause, state, route.label],
      timers: null,
      indexedContracts: 0,
    };
    keys.set(route.key, entry);
    spawned.push(entry);
    undo.assign(counts, 'live', counts.live + 1);
    track(entry);
    applyEffects({ entry, effects, cause, atMicros, timers, reactions });
    settle(entry);
  };
  // The last contract a send found its actor by: a record's events mostly go to one contract
  // (a merge is two), and a contract's actor never changes once it has one.
  let lastContract: string | null = null;
  let lastOwner: ActorEntry | undefined;
  // A rollback may drop the route remembered, and a replay may bring its contract id back.
  const forgetLast = () => {
    lastContract = null;
    lastOwner = undefined;
  };
  const forgetLastAfterRollback = () => undo.afterRollback(forgetLast);
  const owner = (target: string) => {
    if (target === lastContract) return lastOwner;
    const found = routes.get(target);
    if (found === undefined) return actorById(target);
    lastContract = target;
    lastOwner = found;
    undo.record(forgetLastAfterRollback);
    return found;
  };
  const route = (target: ActorRoute, cause: Cause, atMicros: number) => {
    try {
      if (target.kind === 'spawn') return spawn(target, cause, atMicros);
      const entry = owner(target.target);
      if (entry !== undefined && !entry.done) {
        advance(entry, target.event, cause, atMicros);
      }
    } catch (error) {
      reactions.error(error);
    }
  };
  const fireDue = (untilMicros: number) => {
    for (
      let timer = timers.takeDue(untilMicros);
      timer !== null;
      timer = timers.takeDue(untilMicros)
    ) {
      const entry = timer.owner;
      keep(entry);
      entry.timers = entry.timers?.filter((held) => held !== timer) ?? null;
      const at = formatMicros(BigInt(timer.dueMicros));
      const cause: Cause = { offset: null, updateId: null, at };
      try {
        advance(entry, timer.event, cause, timer.dueMicros);
      } catch (error) {
        reactions.error(error);
      }
    }
  };
  const section = actorsSection({
    undo,
    spawned,
    byMachine,
    routes,
    tracked,
    timers,
    counts,
    stepperOf,
  });
  return {
    /** Its state section: what a restart's replay rebuilds of the actors (issue 23). */
    section,
    /** Routes one record; a failure is reported, never thrown into the bus. */
    apply(journalRecord: JournalRecord) {
      try {
        const routed = mapRecord(journalRecord);
        const atMicros = micros(journalRecord.recordTime);
        fireDue(atMicros);
        if (routed.length > 0) {
          // One cause for every transition of the record, shared by their histories.
          const cause: Cause = {
            offset: journalRecord.type === 'admin' ? null : journalRecord.offset,
            updateId: 'updateId' in journalRecord ? journalRecord.updateId : null,
            at: journalRecord.recordTime,
          };
          for (const target of routed) route(target, cause, atMicros);
          fireDue(atMicros);
        }
        if (atMicros > counts.lastMicros) undo.assign(counts, 'lastMicros', atMicros);
      } catch (error) {
        reactions.error(error);
      }
    },
    fireDue,
    nextDueMicros: () => timers.nextDueMicros(),
    /** The latest record time routed: after a restart the clock may lag the journal. */
    lastMicros: () => counts.lastMicros,
    liveCount: () => counts.live,
    /** Steps taken by plans and by XState's own transition, over every machine. */
    stepCounts() {
      const total = { planned: 0, xstate: 0 };
      for (const stepper of steppers.values()) {
        const counts = stepper.counts();
        total.planned += counts.planned;
        total.xstate += counts.xstate;
      }
      return total;
    },
    actor: actorById,
    byContract: (contractId: string) => routes.get(contractId),
    byTrackingId: (machine: string, trackingId: string): readonly ActorEntry[] => {
      const carriers = tracked.get(machine)?.get(trackingId);
      if (carriers === undefined) return [];
      return Array.isArray(carriers) ? carriers : [carriers];
    },
    all: (): Iterable<ActorEntry> => spawned,
  };
}

export type ActorRegistry = ReturnType<typeof createActorRegistry>;
export type { ActorEntry };
