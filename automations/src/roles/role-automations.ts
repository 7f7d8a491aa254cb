import type { Logger } from 'pino';
import { policiesOf } from '../automation-policies.ts';
import { queueNames, queueProcessor } from '../automation-queues.ts';
import { createAutomationView } from '../automation-view.ts';
import type { AutomationConfig } from '../config/automation-config.schema.ts';
import type { JobRunner, JobWorker, Processor } from '../queue/job-types.ts';
import { type AutomatedNode, type Automations, startAutomations } from '../start-automations.ts';

/** The SV side's queue: it runs where the ledger's writer runs. */
const writerQueues: readonly string[] = ['sv-automation'];

/** The validator's queues, run by worker processes. */
export const workerQueues = queueNames.filter((queue) => !writerQueues.includes(queue));

const idle: JobWorker = { close: async () => {} };

/** How often a worker runs a job again that came out stale (see startAutomationWorkers). */
const staleReruns = 12;

/** A runner that works only `queues`; jobs of the others wait for the processes that work them. */
function workingOnly(runner: JobRunner, queues: readonly string[]): JobRunner {
  return {
    ...runner,
    work: (queue, processor, options) =>
      queues.includes(queue) ? runner.work(queue, processor, options) : idle,
  };
}

/**
 * The writer's automations in a scaled-out network: every trigger (the node's schedule and bus,
 * read where the ledger is current) and the SV side's work; the validator's jobs it enqueues are
 * run by the worker processes.
 */
export function startWriterAutomations(deps: {
  readonly node: AutomatedNode;
  readonly config: AutomationConfig;
  readonly runner: JobRunner;
  readonly logger: Logger;
}): Automations {
  return startAutomations({ ...deps, runner: workingOnly(deps.runner, writerQueues) });
}

/**
 * A worker process's automations: the validator's queues, each job run once this replica has
 * caught up with the journal (the trigger that enqueued it is then visible here). Several
 * workers run jobs of one queue at once, which one process never does: a job that comes out
 * stale is run again, caught up, a few times.
 */
export function startAutomationWorkers(deps: {
  readonly node: AutomatedNode;
  readonly config: AutomationConfig;
  readonly runner: JobRunner;
  /** Resolves once the replica's bus holds everything durable when it was called. */
  readonly catchUp: () => Promise<void>;
}) {
  const processorDeps = { automation: deps.node.automation, policies: policiesOf(deps.config) };
  const caughtUp =
    (processor: Processor): Processor =>
    async (job, signal) => {
      for (let attempt = 1; ; attempt += 1) {
        await deps.catchUp();
        const result = await processor(job, signal);
        if (result.outcome !== 'stale' || attempt === staleReruns || signal.aborted) return result;
        // Another worker may have just spent a contract this job also chose (the sender's
        // amulets): once caught up, the job chooses again; a trigger that is really gone stays
        // stale. A rerun is safe: its command id derives from the job, so it commits once.
        await new Promise((resume) => setTimeout(resume, attempt * (20 + Math.random() * 60)));
      }
    };
  const workers = workerQueues.map((queue) =>
    deps.runner.work(queue, caughtUp(queueProcessor(queue, processorDeps)), {
      concurrency: deps.config.concurrency,
    }),
  );
  return {
    view: createAutomationView(deps.runner, queueNames),
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
    },
  };
}
