import type { PocketnetNode } from '@pocketnet/runtime';
import type { ResolverMap } from './resolver-types.ts';

type Wallet = PocketnetNode['wallet'];
type Position = ReturnType<Wallet['balances']['amulets']>['amulets'][number];
type HistoryEntry = ReturnType<Wallet['transactions']>[number];
type Balance = ReturnType<Wallet['balances']['balance']>;
type Outcome = Awaited<ReturnType<Wallet['tokenTransfers']['accept']>>;

/** The wallet's value types: holdings, balance, history entries, transfer results. */
export function walletTypeResolvers(): ResolverMap {
  return {
    WalletBalance: { round: (balance: Balance) => balance.round.toString() },
    Holding: {
      contractId: (position: Position) => position.contract.contractId,
      templateId: (position: Position) => position.contract.templateId,
      payload: (position: Position) => position.contract.payload,
      createdAt: (position: Position) => position.contract.createdAt,
      round: (position: Position) => position.round.toString(),
    },
    WalletHistoryEntry: {
      templateId: (entry: HistoryEntry) => entry.subtype.templateId,
      choice: (entry: HistoryEntry) => entry.subtype.choice,
      amuletOperation: (entry: HistoryEntry) => entry.subtype.amuletOperation ?? null,
    },
    TransferInstructionResult: {
      kind: (outcome: Outcome) => outcome.output.kind,
      transferInstructionCid: (outcome: Outcome) =>
        outcome.output.kind === 'pending' ? outcome.output.transferInstructionCid : null,
      receiverHoldingCids: (outcome: Outcome) =>
        outcome.output.kind === 'completed' ? outcome.output.receiverHoldingCids : [],
    },
  };
}
