import type { ControllableClock } from '../time/controllable-clock.ts';
import { createScheduler, type DueTask } from '../time/scheduler.ts';

/** What a run of background work is told: the job it runs in, whose id its commands derive from. */
export type WorkContext = { readonly jobId: string | null };

/**
 * One declaration of background work: its name, its trigger (when it next falls due on the
 * node's clock) and what it runs. `runsAs` says where: `here`, always in the node's process
 * (actors' timers, reads, triggers that only enqueue jobs); `job`, through the work dispatcher,
 * which the automations point at their queues (in process or BullMQ), so that the SV's ledger
 * writes run as jobs with ids of their own.
 */
export type BackgroundTask = {
  readonly name: string;
  nextDueMicros(): bigint | null;
  run(context: WorkContext): Promise<void>;
  readonly runsAs: 'here' | 'job';
};

/** How a `job` task is run when due: directly, or as a job the runner queues and awaits. */
export type WorkDispatcher = (task: BackgroundTask, dueMicros: bigint) => Promise<void>;

const runDirectly: WorkDispatcher = (task) => task.run({ jobId: null });

/**
 * The node's schedule: the one registry of background work and the scheduler on the node's clock
 * that runs it. Moving time runs what falls due in time order, each task awaited before the
 * clock moves on. The queue adapters read the same registry: they replace the dispatcher of
 * `job` tasks and run a queued job by its task's name (`runJob`).
 */
export function createNodeSchedule(clock: ControllableClock) {
  const declared = new Map<string, BackgroundTask>();
  // The scheduler reads this array on every step, so tasks declared later take part.
  const due: DueTask[] = [];
  let dispatcher: WorkDispatcher = runDirectly;
  const scheduler = createScheduler(clock, due);
  // What holders that act on their own (not only when asked or when time moves) start again
  // once a revert has rolled the node's state and clock back.
  const rearms = new Set<() => void>();
  return {
    advanceTo: scheduler.advanceTo,
    runDue: scheduler.runDue,
    /** Declares a task; its name is its identity (a queued job names it), so it is unique. */
    declare(task: BackgroundTask): () => void {
      if (declared.has(task.name))
        throw new Error(`background task ${task.name} is declared twice`);
      declared.set(task.name, task);
      const step: DueTask = {
        name: task.name,
        nextDueMicros: () => task.nextDueMicros(),
        run: async () => {
          if (task.runsAs === 'here') return task.run({ jobId: null });
          const dueMicros = task.nextDueMicros();
          if (dueMicros !== null) await dispatcher(task, dueMicros);
        },
      };
      due.push(step);
      return () => {
        declared.delete(task.name);
        const index = due.indexOf(step);
        if (index >= 0) due.splice(index, 1);
      };
    },
    /** The declared tasks, in the order of their declaration. */
    tasks: (): readonly BackgroundTask[] => [...declared.values()],
    /**
     * Registers work to do after a revert (issue 23): the node's state and clock are back at
     * the snapshot, the journal is cut, streams are ended. The schedule itself needs none, as
     * its tasks say when they are due from that state.
     */
    afterRevert(work: () => void): () => void {
      rearms.add(work);
      return () => rearms.delete(work);
    },
    /** Called by the revert once the node is back: each holder's re-arming, in registration order. */
    rearm(): void {
      for (const work of rearms) work();
    },
    /** Replaces how `job` tasks run; the returned function restores direct runs. */
    setDispatcher(next: WorkDispatcher): () => void {
      dispatcher = next;
      return () => {
        dispatcher = runDirectly;
      };
    },
    /** Runs a `job` task by name, as a queue's processor does. */
    async runJob(name: string, context: WorkContext): Promise<'done' | 'unknown'> {
      const task = declared.get(name);
      if (task?.runsAs !== 'job') return 'unknown';
      await task.run(context);
      return 'done';
    },
    /** When its earliest task falls due (a schedule run as one task of another's), or null. */
    nextDueMicros(): bigint | null {
      let next: bigint | null = null;
      for (const task of due) {
        const at = task.nextDueMicros();
        if (at !== null && (next === null || at < next)) next = at;
      }
      return next;
    },
  };
}

export type NodeSchedule = ReturnType<typeof createNodeSchedule>;
