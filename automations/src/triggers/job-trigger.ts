/** The validator's queues; the SV side's work has one of its own, run where the writer runs. */
export const queueNames = [
  'sv-automation',
  'rewards',
  'traffic',
  'transfer-offers',
  'merges',
  'expiries',
] as const;

export type QueueName = (typeof queueNames)[number];

/** A job to enqueue: on which queue, which job, its id and its data. */
export type JobTrigger = {
  readonly queue: QueueName;
  readonly name: string;
  /** Derived from what triggered the job, so that triggering twice enqueues once. */
  readonly jobId: string;
  readonly data: unknown;
};

/** A job a trigger finds in the node's state, and when it falls due on the node's clock. */
export type DueItem = { readonly trigger: JobTrigger; readonly dueMicros: bigint };
