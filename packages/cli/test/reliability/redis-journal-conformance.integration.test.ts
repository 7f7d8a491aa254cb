import { openRedisJournal } from '@pocketnet/automations/redis';
import { describeJournalConformance } from '@pocketnet/ledger/testing';
import { freshRedisPrefix, redisUrl } from './redis-test-keys.ts';

// The Redis Stream backend obeys the laws the memory and file journals obey. A stream has no
// torn tails (an append is one atomic script), so the suite's torn-tail cases do not apply.
describeJournalConformance('Redis Stream', {
  async createStorage() {
    const keys = freshRedisPrefix();
    return {
      open: () => openRedisJournal({ redisUrl, prefix: keys.prefix }),
      dispose: keys.remove,
    };
  },
});
