import type { TransactionRecord } from '@pocketnet/ledger';
import type { spliceVocabulary } from '@pocketnet/splice';
import { walletInstall } from '../vocabulary/splice-templates.ts';
import type { AmuletOperation } from '../vocabulary/splice-types.ts';
import { resultOf } from '../vocabulary/typed-commands.ts';
import type { UserWallet } from './wallet-access.ts';
import { rootResult } from './wallet-submitter.ts';

export type BatchOutcome =
  spliceVocabulary.splice_wallet.Splice.Wallet.Install.AmuletOperationOutcome;
export type Executed = { readonly record: TransactionRecord; readonly outcomes: BatchOutcome[] };

/** The outcomes of an ExecuteBatch, one per operation, in order. */
export const outcomesOf = (record: TransactionRecord): BatchOutcome[] => [
  ...resultOf(
    walletInstall.WalletAppInstall.choices.WalletAppInstall_ExecuteBatch,
    rootResult(record),
  ).outcomes,
];

/** The first outcome when it is of `tag` (the operation's own outcome), else undefined. */
export function firstOutcome<T extends BatchOutcome['tag']>(
  outcomes: readonly BatchOutcome[],
  tag: T,
): Extract<BatchOutcome, { readonly tag: T }> | undefined {
  const [first] = outcomes;
  return first?.tag === tag ? (first as Extract<BatchOutcome, { readonly tag: T }>) : undefined;
}

/** Splice's TreasuryConfig batchSize: at most this many queued operations share a transaction. */
export const treasuryBatchSize = 10;

type Queued = {
  readonly operations: readonly AmuletOperation[];
  readonly resolve: (executed: Executed) => void;
  readonly reject: (error: unknown) => void;
  taken: boolean;
};

/**
 * Splice's treasury batching: operations a wallet queues while another runs go together, up to
 * `treasuryBatchSize` of them, into one WalletAppInstall_ExecuteBatch over its holdings, each
 * caller getting its own outcomes. Should the shared transaction fail (one operation the funds
 * cannot cover fails it whole), each operation runs again alone, so only that one fails.
 */
export function createTreasury(deps: {
  /** The wallet's turn (wallet-batch.ts): runs after everything queued before it settled. */
  readonly inTurn: <T>(party: string, operation: () => Promise<T>) => Promise<T>;
  /** One ExecuteBatch of `operations` over the wallet's holdings, picked now. */
  readonly execute: (
    wallet: UserWallet,
    operations: readonly AmuletOperation[],
  ) => Promise<TransactionRecord>;
}) {
  const waiting = new Map<string, Queued[]>();

  const take = (party: string): Queued[] => {
    const queued = waiting.get(party) ?? [];
    const batch = queued.splice(0, treasuryBatchSize);
    if (queued.length === 0) waiting.delete(party);
    for (const entry of batch) entry.taken = true;
    return batch;
  };

  const runAlone = async (wallet: UserWallet, entry: Queued) => {
    try {
      const record = await deps.execute(wallet, entry.operations);
      entry.resolve({ record, outcomes: outcomesOf(record) });
    } catch (error) {
      entry.reject(error);
    }
  };

  const run = async (wallet: UserWallet, batch: readonly Queued[]) => {
    const [only] = batch;
    if (batch.length === 1 && only) return runAlone(wallet, only);
    let record: TransactionRecord;
    try {
      record = await deps.execute(
        wallet,
        batch.flatMap((entry) => entry.operations),
      );
    } catch {
      for (const entry of batch) await runAlone(wallet, entry);
      return;
    }
    const outcomes = outcomesOf(record);
    let at = 0;
    for (const entry of batch) {
      entry.resolve({ record, outcomes: outcomes.slice(at, at + entry.operations.length) });
      at += entry.operations.length;
    }
  };

  return (wallet: UserWallet, operations: readonly AmuletOperation[]): Promise<Executed> =>
    new Promise<Executed>((resolve, reject) => {
      const entry: Queued = { operations, resolve, reject, taken: false };
      const queued = waiting.get(wallet.party) ?? [];
      queued.push(entry);
      waiting.set(wallet.party, queued);
      // Its own turn runs what is queued by then (itself first); a turn whose operations an
      // earlier batch took does nothing.
      void deps.inTurn(wallet.party, () =>
        entry.taken ? Promise.resolve() : run(wallet, take(wallet.party)),
      );
    });
}
