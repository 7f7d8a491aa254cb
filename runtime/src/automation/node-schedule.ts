import type { ControllableClock } from '../time/controllable-clock.ts';
import { createScheduler, type DueTask } from '../time/scheduler.ts';

/** What a run of scheduled work is told: the job it runs in, whose id its commands derive from. */
export type WorkContext = { readonly jobId: string | null };

/** Work that falls due on the node's clock and may run as a job (the SV side of a devnet). */
export type ScheduledWork = {
  readonly name: string;
  nextDueMicros(): bigint | null;
  run(context: WorkContext): Promise<void>;
};

/** How scheduled work is run when due: directly, or as a job the runner queues and awaits. */
export type WorkDispatcher = (work: ScheduledWork, dueMicros: bigint) => Promise<void>;

const runDirectly: WorkDispatcher = (work) => work.run({ jobId: null });

/**
 * The node's schedule: one scheduler on the node's clock for everything that falls due (the
 * devnet's rounds, the automations' triggers). Moving time runs what falls due in time order,
 * each task awaited before the clock moves on. Work runs through a dispatcher the automations
 * can replace, so that it runs as jobs while keeping that order.
 */
export function createNodeSchedule(clock: ControllableClock) {
  // The scheduler reads this array on every step, so tasks added later take part.
  const tasks: DueTask[] = [];
  const works = new Map<string, ScheduledWork>();
  let dispatcher: WorkDispatcher = runDirectly;
  const scheduler = createScheduler(clock, tasks);
  const remove = (task: DueTask) => () => {
    const index = tasks.indexOf(task);
    if (index >= 0) tasks.splice(index, 1);
  };
  return {
    advanceTo: scheduler.advanceTo,
    runDue: scheduler.runDue,
    /** A task that runs itself when due (a trigger that enqueues jobs and awaits them). */
    addTask(task: DueTask): () => void {
      tasks.push(task);
      return remove(task);
    },
    /** Work that runs through the dispatcher when due. */
    addWork(work: ScheduledWork): () => void {
      works.set(work.name, work);
      const task: DueTask = {
        name: work.name,
        nextDueMicros: () => work.nextDueMicros(),
        run: async () => {
          const due = work.nextDueMicros();
          if (due !== null) await dispatcher(work, due);
        },
      };
      tasks.push(task);
      const unregister = remove(task);
      return () => {
        works.delete(work.name);
        unregister();
      };
    },
    /** Replaces how work is run; the returned function restores direct runs. */
    setDispatcher(next: WorkDispatcher): () => void {
      dispatcher = next;
      return () => {
        dispatcher = runDirectly;
      };
    },
    /** Runs registered work by name, as a job's processor does. */
    async runWork(name: string, context: WorkContext): Promise<'done' | 'unknown'> {
      const work = works.get(name);
      if (work === undefined) return 'unknown';
      await work.run(context);
      return 'done';
    },
    hasTasks: () => tasks.length > 0,
    /** When its earliest task falls due (a schedule run as one task of another's), or null. */
    nextDueMicros(): bigint | null {
      let next: bigint | null = null;
      for (const task of tasks) {
        const due = task.nextDueMicros();
        if (due !== null && (next === null || due < next)) next = due;
      }
      return next;
    },
  };
}

export type NodeSchedule = ReturnType<typeof createNodeSchedule>;
