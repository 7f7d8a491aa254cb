import type { Logger } from 'pino';
import { policiesOf } from '../automation-policies.ts';
import { createAutomationView } from '../automation-view.ts';
import type { AutomationConfig } from '../config/automation-config.schema.ts';
import { rerunOnConflict } from '../processors/conflict-reruns.ts';
import type { JobRunner, JobWorker } from '../queue/job-types.ts';
import { type AutomatedNode, type Automations, startAutomations } from '../start-automations.ts';
import { queueNames } from '../triggers/job-trigger.ts';
import { scheduledWork } from '../validator/scheduled-work.automation.ts';
import { queueProcessor } from '../validator/validator-automations.ts';

/** The SV side's queue: it runs where the ledger's writer runs. */
const writerQueues: readonly string[] = [scheduledWork.queue];

/** The validator's queues, run by worker processes. */
export const workerQueues = queueNames.filter((queue) => !writerQueues.includes(queue));

const idle: JobWorker = { close: async () => {} };

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
 * workers run jobs of one queue at once, which one process never does: a job whose command the
 * ledger refused because another job spent a contract it chose runs again on a fresher view
 * (processors/conflict-reruns.ts).
 */
export function startAutomationWorkers(deps: {
  readonly node: AutomatedNode;
  readonly config: AutomationConfig;
  readonly runner: JobRunner;
  /** Resolves once the replica's bus holds everything durable when it was called. */
  readonly catchUp: () => Promise<void>;
  /** Where conflicts (a job running again) are logged. */
  readonly logger?: Logger;
}) {
  const processorDeps = { automation: deps.node.automation, policies: policiesOf(deps.config) };
  const workers = workerQueues.map((queue) =>
    deps.runner.work(
      queue,
      rerunOnConflict(queueProcessor(queue, processorDeps), {
        catchUp: deps.catchUp,
        onConflict: (conflict) =>
          deps.logger?.info({ queue, ...conflict }, 'job conflicted: running it again'),
      }),
      { concurrency: deps.config.concurrency },
    ),
  );
  return {
    view: createAutomationView(deps.runner, queueNames),
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
    },
  };
}
