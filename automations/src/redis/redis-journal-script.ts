import type { Redis } from 'ioredis';

/**
 * The writer's append, atomic in Redis: refused unless the caller still holds the newest
 * fencing token (a writer that lost the journal to a newer one can append nothing) and the
 * stream ends where the caller expects (no gap, no overlap). Then every payload becomes the
 * next entry, `n-0` for the n-th record, and the head moves to the last one.
 * KEYS: entries, head, epoch. ARGV: epoch, expected head, payloads…; returns the new head.
 */
const appendScript = `
local epoch = redis.call('GET', KEYS[3])
if epoch ~= ARGV[1] then
  return redis.error_reply('FENCED the journal belongs to writer epoch ' .. tostring(epoch) .. ', not ' .. ARGV[1])
end
local head = tonumber(redis.call('GET', KEYS[2]) or '0')
if head ~= tonumber(ARGV[2]) then
  return redis.error_reply('CONFLICT the journal ends at ' .. head .. ', not at ' .. ARGV[2])
end
for index = 3, #ARGV do
  head = head + 1
  redis.call('XADD', KEYS[1], head .. '-0', 'r', ARGV[index])
end
redis.call('SET', KEYS[2], head)
return head
`;

type WithAppend = Redis & {
  journalAppend(...args: Array<string | number>): Promise<number>;
};

/** The connection with the append script defined on it (EVALSHA, loaded on first use). */
export function withAppendScript(redis: Redis): WithAppend {
  if (!('journalAppend' in redis)) {
    redis.defineCommand('journalAppend', { numberOfKeys: 3, lua: appendScript });
  }
  return redis as WithAppend;
}

/** A refusal of the script because a newer writer holds the journal. */
export const isFencedReply = (error: unknown) =>
  error instanceof Error && error.message.startsWith('FENCED');
