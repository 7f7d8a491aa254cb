import { formatNumeric, sha256Hex } from '@pocketnet/ledger';

/** What one party may mint for a round's activity. */
export type MintingAllowance = { readonly provider: string; readonly amount: bigint };

export type RewardBatch =
  | {
      readonly kind: 'allowances';
      readonly hash: string;
      readonly allowances: readonly MintingAllowance[];
    }
  | { readonly kind: 'batches'; readonly hash: string; readonly childHashes: readonly string[] };

export type RewardTree = {
  readonly rootHash: string;
  readonly batches: ReadonlyMap<string, RewardBatch>;
};

export const defaultRewardBatchSize = 100;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result.length === 0 ? [[]] : result;
}

function allowancesBatch(round: bigint, allowances: readonly MintingAllowance[]): RewardBatch {
  const parts = allowances.flatMap(({ provider, amount }) => [provider, formatNumeric(amount)]);
  const hash = sha256Hex(['reward-accounting-allowances', round, ...parts]);
  return { kind: 'allowances', hash, allowances };
}

function batchesBatch(round: bigint, childHashes: readonly string[]): RewardBatch {
  const hash = sha256Hex(['reward-accounting-batches', round, ...childHashes]);
  return { kind: 'batches', hash, childHashes };
}

/**
 * The Merkle tree of a round's minting allowances: the allowances, sorted by party, in leaf
 * batches of `batchSize`; each level above batches the hashes of the one below, until one
 * batch is left, whose hash is the root. Every hash covers the round number, so equal
 * allowances in two rounds give two roots; the same allowances always give the same root.
 */
export function buildRewardTree(
  round: bigint,
  allowances: readonly MintingAllowance[],
  batchSize = defaultRewardBatchSize,
): RewardTree {
  if (!Number.isInteger(batchSize) || batchSize < 2) throw new Error('batch size must be >= 2');
  const sorted = [...allowances].sort((a, b) =>
    a.provider < b.provider ? -1 : a.provider > b.provider ? 1 : 0,
  );
  const batches = new Map<string, RewardBatch>();
  let level = chunks(sorted, batchSize).map((leaf) => allowancesBatch(round, leaf));
  for (const batch of level) batches.set(batch.hash, batch);
  while (level.length > 1) {
    level = chunks(
      level.map((batch) => batch.hash),
      batchSize,
    ).map((hashes) => batchesBatch(round, hashes));
    for (const batch of level) batches.set(batch.hash, batch);
  }
  const [root] = level;
  if (root === undefined) throw new Error('a reward tree always has a root');
  return { rootHash: root.hash, batches };
}
