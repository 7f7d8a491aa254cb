import type { ExecutionResult } from 'graphql';
import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createSubscriptionSharing } from './subscription-sharing.ts';

const turn = () => new Promise((done) => setImmediate(done));

describe('a shared subscription execution', () => {
  it('lets the event loop turn while it hands on a replay resolved in microtasks alone', async () => {
    const sharing = createSubscriptionSharing({ shutdown$: NEVER, maxBuffered: 100_000 });
    let produced = 0;
    async function* replay(): AsyncGenerator<ExecutionResult> {
      for (let index = 0; index < 10_000; index += 1) {
        produced += 1;
        yield { data: { index } };
      }
    }
    const results = (await sharing.join('replay', () =>
      replay(),
    )) as AsyncIterableIterator<ExecutionResult>;
    await turn();
    // Sockets are written and closes heard between two batches, not after the whole replay.
    expect(produced).toBeLessThan(10_000);
    const indexes: unknown[] = [];
    for await (const result of results) {
      indexes.push(result.data?.index);
      if (indexes.length === 10_000) break;
    }
    expect(indexes).toEqual(Array.from({ length: 10_000 }, (_, index) => index));
  });
});
