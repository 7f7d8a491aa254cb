import type { ActorRequest, AutomationOutcome, WalletContractCreated } from '@pocketnet/runtime';
import type { z } from 'zod';
import { defineProcessor } from '../processors/define-processor.ts';
import type { ProcessorDeps } from '../processors/processor-deps.ts';
import type { AutomationJob, Processor } from '../queue/job-types.ts';
import type { DueItem, JobTrigger, QueueName } from '../triggers/job-trigger.ts';
import type { TriggerDeps } from '../triggers/trigger-deps.ts';

/** Builds one of this automation's jobs: its data is checked against the automation's schema. */
export type JobOf<TData> = (data: TData, jobId: string) => JobTrigger;

/**
 * What makes an automation due. Each source derives the same job id for the same work, so
 * whichever finds it first enqueues it and the others add nothing.
 */
export type AutomationTrigger<TData> = {
  /** Work the node's state holds, each with its due time on the node's clock (found again after a restart). */
  readonly due?: (deps: TriggerDeps, job: JobOf<TData>) => readonly DueItem[];
  /** Jobs a contract created on the bus triggers at once. */
  readonly created?: (
    deps: TriggerDeps,
    created: WalletContractCreated,
    job: JobOf<TData>,
  ) => readonly JobTrigger[];
  /** The job a workflow actor asks for, if this automation does it. */
  readonly requested?: (
    deps: TriggerDeps,
    request: ActorRequest,
    job: JobOf<TData>,
  ) => JobTrigger | null;
};

/**
 * One validator automation, declared once: the job name it runs under on its queue, what makes
 * it due, its job data and what a job runs. The in-process runner and the BullMQ adapter both
 * read it (validator-automations.ts), so a trigger and its processor cannot disagree on a name.
 */
export type Automation = {
  readonly name: string;
  readonly queue: QueueName;
  /** Whether the node's state is searched for its work as time moves (a schedule task of its name). */
  readonly scheduled: boolean;
  due(deps: TriggerDeps): readonly DueItem[];
  created(deps: TriggerDeps, created: WalletContractCreated): readonly JobTrigger[];
  requested(deps: TriggerDeps, request: ActorRequest): JobTrigger | null;
  processor(deps: ProcessorDeps): Processor;
  /** Whether `trigger` is one of this automation's jobs. */
  owns(trigger: JobTrigger): boolean;
};

export type DefinedAutomation<TData> = Automation & { readonly job: JobOf<TData> };

export function defineAutomation<TSchema extends z.ZodType>(definition: {
  readonly name: string;
  readonly queue: QueueName;
  readonly trigger: AutomationTrigger<z.input<TSchema>>;
  readonly data: TSchema;
  readonly run: (
    deps: ProcessorDeps,
    data: z.output<TSchema>,
    job: AutomationJob,
    signal: AbortSignal,
  ) => Promise<AutomationOutcome>;
}): DefinedAutomation<z.input<TSchema>> {
  const { name, queue, trigger, data, run } = definition;
  const job: JobOf<z.input<TSchema>> = (jobData, jobId) => ({ queue, name, jobId, data: jobData });
  return {
    name,
    queue,
    job,
    scheduled: trigger.due !== undefined,
    due: (deps) => trigger.due?.(deps, job) ?? [],
    created: (deps, created) => trigger.created?.(deps, created, job) ?? [],
    requested: (deps, request) => trigger.requested?.(deps, request, job) ?? null,
    processor: (deps) =>
      defineProcessor(data, (parsed, automationJob, signal) =>
        run(deps, parsed, automationJob, signal),
      ),
    owns: (candidate) => candidate.queue === queue && candidate.name === name,
  };
}
