import type { ActorRequest, AutomationView, NodeAutomation } from '@pocketnet/runtime';
import type { Logger } from 'pino';
import type { Observable } from 'rxjs';
import { autoAcceptOf, policiesOf } from './automation-policies.ts';
import { createAutomationView } from './automation-view.ts';
import type { AutomationConfig } from './config/automation-config.schema.ts';
import type { JobRunner } from './queue/job-types.ts';
import { createAwaitingFunds } from './triggers/awaiting-funds.ts';
import { subscribeBusTriggers } from './triggers/bus-triggers.ts';
import { createDueItemsTrigger, createSettleTrigger } from './triggers/due-items.trigger.ts';
import { createJobDispatch } from './triggers/job-dispatch.ts';
import { queueNames } from './triggers/job-trigger.ts';
import { jobOfTask, scheduledWork } from './validator/scheduled-work.automation.ts';
import { queueProcessor, validatorAutomations } from './validator/validator-automations.ts';

/** What the automations need of the node: its automation services and its actors' requests. */
export type AutomatedNode = {
  readonly automation: NodeAutomation;
  readonly actors?: { readonly requests$: Observable<ActorRequest> } | null;
};

export type Automations = {
  readonly runner: JobRunner;
  readonly view: AutomationView;
  /** Resolves once every triggered job has finished (and what those triggered). */
  settled(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Starts the validator's automations (validator/validator-automations.ts) on a runner: a worker
 * per queue, the devnet's SV work run as jobs, each automation's search of the node's state as a
 * task of the node's schedule named after it, and the bus triggers. Moving time runs what falls
 * due in order and returns once the jobs it caused are done.
 */
export function startAutomations(deps: {
  readonly node: AutomatedNode;
  readonly config: AutomationConfig;
  readonly runner: JobRunner;
  readonly logger: Logger;
}): Automations {
  const { node, config, runner, logger } = deps;
  const { automation } = node;
  runner.recordChangesIn?.(automation.undo);
  const processorDeps = { automation, policies: policiesOf(config) };
  const workers = queueNames.map((queue) =>
    runner.work(queue, queueProcessor(queue, processorDeps), {
      // The SV side runs one step at a time, in time order.
      concurrency: queue === scheduledWork.queue ? 1 : config.concurrency,
    }),
  );
  const dispatch = createJobDispatch({ runner, logger });
  const restoreDispatcher = automation.schedule.setDispatcher(async (task, dueMicros) => {
    await dispatch.run(jobOfTask(task, dueMicros, automation.ledgerEnd()));
  });
  const awaitingFunds = createAwaitingFunds(dispatch, automation.undo);
  const triggerDeps = {
    ...processorDeps,
    awaitingFunds,
    autoAccept: autoAcceptOf(config),
    sweepSenders: Object.keys(config.walletSweep),
  };
  const removals = validatorAutomations
    .filter((each) => each.scheduled)
    .map((each) =>
      automation.schedule.declare(
        createDueItemsTrigger({
          name: each.name,
          // A bare ledger runs no validator: none of its work is ever due there.
          items: () => (automation.operator() === null ? [] : each.due(triggerDeps)),
          now: automation.now,
          dispatch,
          undo: automation.undo,
        }),
      ),
    );
  removals.push(automation.schedule.declare(createSettleTrigger(dispatch, automation.now)));
  const bus = subscribeBusTriggers({
    ...triggerDeps,
    automations: validatorAutomations,
    dispatch,
    requests$: node.actors?.requests$ ?? null,
    logger,
  });
  logger.info({ runner: runner.kind, queues: queueNames }, 'automations started');
  return {
    runner,
    view: createAutomationView(runner, queueNames, {
      now: () => new Date(Number(automation.now() / 1000n)),
    }),
    settled: dispatch.settled,
    async close() {
      bus.unsubscribe();
      awaitingFunds.stop();
      for (const remove of removals) remove();
      restoreDispatcher();
      await dispatch.settled();
      await Promise.all(workers.map((worker) => worker.close()));
      await runner.close();
    },
  };
}
