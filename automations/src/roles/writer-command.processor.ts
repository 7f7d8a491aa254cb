import {
  decodeCrossProcess,
  encodeCrossProcess,
  type WriterCommand,
  type WriterCommands,
} from '@pocketnet/runtime';
import { PermanentJobError } from '../queue/job-errors.ts';
import type { Processor } from '../queue/job-types.ts';
import { writerJobSchema } from './writer-queue.ts';

export type WriterProcessorOptions = {
  readonly commands: WriterCommands;
  /**
   * A command that waited in the queue longer than this is refused with
   * PARTICIPANT_BACKPRESSURE instead of run: the writer sheds load rather than let every
   * command's latency grow with the backlog (default 2 s).
   */
  readonly maxQueueMs?: number;
};

/**
 * The writer's processor of replicas' commands: runs each (see writer-commands.ts) and answers
 * in the job's result. A command whose replica stopped waiting is dropped unrun.
 */
export function writerCommandProcessor(options: WriterProcessorOptions): Processor {
  const maxQueueMs = options.maxQueueMs ?? 2000;
  return async (job) => {
    const parsed = writerJobSchema.safeParse(job.data);
    if (!parsed.success) throw new PermanentJobError('invalid writer command job');
    const { command, sentAtMs, deadlineMs } = parsed.data;
    const now = Date.now();
    if (now > deadlineMs) return { outcome: 'stale', detail: 'nobody waits for it any more' };
    const answer =
      now - sentAtMs > maxQueueMs
        ? options.commands.refuse(
            'PARTICIPANT_BACKPRESSURE',
            `The participant is overloaded: the command waited ${now - sentAtMs} ms to be sequenced`,
          )
        : await options.commands.execute(decodeCrossProcess<WriterCommand>(command));
    return { outcome: 'done', detail: encodeCrossProcess(answer) };
  };
}
