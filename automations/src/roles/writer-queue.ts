import { z } from 'zod';

/** The queue commands travel on from replicas to the writer. */
export const writerQueue = 'pocketnet-writer';

/** A command job, as the gateway adds it and the writer parses it. */
export const writerJobSchema = z.object({
  /** The WriterCommand, encoded with encodeCrossProcess (bigints kept). */
  command: z.string().min(2),
  /** When the replica sent it (its wall clock, ms): a command that waited too long is refused. */
  sentAtMs: z.number().int().nonnegative(),
  /** After this nobody waits for the answer any more: the writer drops the command unrun. */
  deadlineMs: z.number().int().nonnegative(),
});

export type WriterJob = z.infer<typeof writerJobSchema>;
