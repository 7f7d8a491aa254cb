import { describe, expect, it, vi } from 'vitest';
import { createBatchLoader } from './batch-loader.ts';

describe('createBatchLoader', () => {
  it("answers the loads of one turn with a single batch, in the keys' order", async () => {
    const batch = vi.fn((keys: readonly number[]) => keys.map((key) => key * 10));
    const loader = createBatchLoader(batch);
    const values = await Promise.all([loader.load(1), loader.load(2), loader.load(3)]);
    expect(values).toEqual([10, 20, 30]);
    expect(batch).toHaveBeenCalledTimes(1);
    expect(batch).toHaveBeenCalledWith([1, 2, 3]);
  });

  it('loads a key asked for twice in a turn once, and again in a later turn', async () => {
    const batch = vi.fn((keys: readonly string[]) => keys.map((key) => key.toUpperCase()));
    const loader = createBatchLoader(batch);
    expect(await Promise.all([loader.load('a'), loader.load('a')])).toEqual(['A', 'A']);
    expect(await Promise.all([loader.load('a'), loader.load('b')])).toEqual(['A', 'B']);
    expect(batch.mock.calls).toEqual([[['a']], [['a', 'b']]]);
  });

  it('batches loads made by promise jobs of the same turn (nested resolvers)', async () => {
    const batch = vi.fn((keys: readonly number[]) => keys);
    const loader = createBatchLoader(batch);
    const nested = Promise.resolve().then(() => loader.load(2));
    await Promise.all([loader.load(1), nested]);
    expect(batch).toHaveBeenCalledTimes(1);
  });

  it('fails only the key whose value is an Error, and every key when the batch throws', async () => {
    const loader = createBatchLoader((keys: readonly number[]) =>
      keys.map((key) => (key === 2 ? new Error('two') : key)),
    );
    const results = await Promise.allSettled([loader.load(1), loader.load(2)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected']);
    const failing = createBatchLoader((): number[] => {
      throw new Error('down');
    });
    await expect(Promise.all([failing.load(1), failing.load(2)])).rejects.toThrow('down');
  });
});
