import { formatNumeric, parseNumeric, sha256Hex } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { buildRewardTree, type MintingAllowance } from './reward-accounting-tree.ts';

const allowance = (index: number): MintingAllowance => ({
  provider: `party-${String(index).padStart(3, '0')}::1220`,
  amount: parseNumeric(`${index}.5`),
});

describe('the reward accounting Merkle tree', () => {
  it('is one leaf batch for few parties, sorted by party, hashing its allowances', () => {
    const tree = buildRewardTree(7n, [allowance(2), allowance(1)]);
    const root = tree.batches.get(tree.rootHash);
    expect(root).toEqual({
      kind: 'allowances',
      hash: tree.rootHash,
      allowances: [allowance(1), allowance(2)],
    });
    const parts = [allowance(1), allowance(2)].flatMap((a) => [
      a.provider,
      formatNumeric(a.amount),
    ]);
    expect(tree.rootHash).toBe(sha256Hex(['reward-accounting-allowances', 7n, ...parts]));
    expect(tree.rootHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives the same root for the same allowances in any order, another for another round', () => {
    const forward = buildRewardTree(3n, [1, 2, 3].map(allowance));
    const backward = buildRewardTree(3n, [3, 2, 1].map(allowance));
    expect(backward.rootHash).toBe(forward.rootHash);
    expect(buildRewardTree(4n, [1, 2, 3].map(allowance)).rootHash).not.toBe(forward.rootHash);
    const changed = [allowance(1), allowance(2), { ...allowance(3), amount: 1n }];
    expect(buildRewardTree(3n, changed).rootHash).not.toBe(forward.rootHash);
  });

  it('batches batches level by level, every leaf reachable from the root', () => {
    const all = Array.from({ length: 23 }, (_, index) => allowance(index));
    const tree = buildRewardTree(9n, all, 3);
    const reached: MintingAllowance[] = [];
    const visit = (hash: string, depth: number): number => {
      const batch = tree.batches.get(hash);
      if (!batch) throw new Error(`no batch ${hash}`);
      if (batch.kind === 'allowances') {
        expect(batch.allowances.length).toBeLessThanOrEqual(3);
        reached.push(...batch.allowances);
        return depth;
      }
      expect(batch.childHashes.length).toBeLessThanOrEqual(3);
      const depths = batch.childHashes.map((child) => visit(child, depth + 1));
      expect(new Set(depths).size).toBe(1);
      return depths[0] ?? depth;
    };
    // 23 leaves in 8 leaf batches, batched in 3, batched in the root: leaves two levels down.
    expect(visit(tree.rootHash, 0)).toBe(2);
    expect(reached).toEqual(all);
    expect(tree.batches.size).toBe(8 + 3 + 1);
  });

  it('has a root even for a round without activity', () => {
    const tree = buildRewardTree(0n, []);
    expect(tree.batches.get(tree.rootHash)).toMatchObject({ kind: 'allowances', allowances: [] });
  });
});
