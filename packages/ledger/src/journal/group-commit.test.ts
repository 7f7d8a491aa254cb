import { describe, expect, test } from 'vitest';
import { createGroupCommit, type FlushStats } from './group-commit.ts';

describe('group commit', () => {
  test('entries queued during a flush go out together in the next one, in order', async () => {
    const flushed: string[] = [];
    const stats: FlushStats[] = [];
    const group = createGroupCommit({
      flush: async (bytes) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        flushed.push(bytes.toString());
      },
      onFlush: (flush) => stats.push(flush),
    });
    const first = [group.enqueue(Buffer.from('a')), group.enqueue(Buffer.from('b'))];
    await new Promise((resolve) => setImmediate(resolve));
    const second = ['c', 'd', 'e'].map((letter) => group.enqueue(Buffer.from(letter)));
    await Promise.all([...first, ...second]);
    expect(flushed).toEqual(['ab', 'cde']);
    expect(stats).toEqual([
      { records: 2, bytes: 2 },
      { records: 3, bytes: 3 },
    ]);
  });

  test('a failed flush refuses its entries and every later one', async () => {
    let calls = 0;
    const group = createGroupCommit({
      flush: async () => {
        calls += 1;
        throw new Error('EIO');
      },
    });
    await expect(group.enqueue(Buffer.from('a'))).rejects.toThrow('EIO');
    await expect(group.enqueue(Buffer.from('b'))).rejects.toThrow('EIO');
    expect(calls).toBe(1);
  });

  test('drained waits for everything queued so far', async () => {
    const flushed: string[] = [];
    const group = createGroupCommit({
      flush: async (bytes) => void flushed.push(bytes.toString()),
    });
    void group.enqueue(Buffer.from('x'));
    await group.drained();
    expect(flushed).toEqual(['x']);
  });
});
