import { z } from 'zod';
import { redisJournalKeys } from './redis-journal-keys.ts';
import { withShortLivedRedis } from './short-lived-redis.ts';

/**
 * What the writer tells replicas once it serves: its fencing epoch and the network it runs, so
 * that every replica builds the same node (same devnet, same participant) whatever its flags.
 */
export const writerAnnouncementSchema = z.object({
  epoch: z.number().int().positive(),
  participantName: z.string(),
  synchronizerName: z.string(),
  ledgerApiVersion: z.string(),
  devnet: z
    .object({
      seed: z.string(),
      tickMicros: z.string().regex(/^\d+$/),
      validatorWalletUser: z.string(),
    })
    .nullable(),
});

export type WriterAnnouncement = z.infer<typeof writerAnnouncementSchema>;

export async function announceWriter(
  options: { readonly redisUrl: string; readonly prefix: string },
  announcement: WriterAnnouncement,
): Promise<void> {
  await withShortLivedRedis(options.redisUrl, (redis) =>
    redis.set(redisJournalKeys(options.prefix).writer, JSON.stringify(announcement)),
  );
}

/** The writer's announcement, once there is one (a replica starts only after the writer). */
export async function awaitWriter(options: {
  readonly redisUrl: string;
  readonly prefix: string;
  readonly signal?: AbortSignal;
}): Promise<WriterAnnouncement> {
  const key = redisJournalKeys(options.prefix).writer;
  for (;;) {
    options.signal?.throwIfAborted();
    try {
      const text = await withShortLivedRedis(options.redisUrl, (redis) => redis.get(key));
      if (text !== null) return writerAnnouncementSchema.parse(JSON.parse(text));
    } catch (error) {
      if (error instanceof z.ZodError) throw error;
      // Redis is not there yet: try again.
    }
    await new Promise((resume) => setTimeout(resume, 250));
  }
}
