import { encodeContractBlob, formatNumeric, parseNumeric, type Value } from '@pocketnet/ledger';
import { accruedHoldingFee } from '@pocketnet/splice';
import type { WalletContract } from './wallet-contracts.projection.ts';
import { fieldAt } from './wallet-submitter.ts';

/** A contract as Splice's APIs show it (`Contract` with the synchronizer it is on). */
export type ContractView = {
  readonly templateId: string;
  readonly contractId: string;
  readonly payload: Value;
  readonly createdEventBlob: string;
  readonly createdAt: string;
  readonly synchronizerId: string;
};

/** A wallet's or an app's contract as Splice's APIs show it. */
export function contractView(
  contract: Pick<WalletContract, 'node' | 'synchronizerId'>,
): ContractView {
  const { node } = contract;
  return {
    templateId: node.templateId,
    contractId: node.contractId,
    payload: node.createArgument,
    createdEventBlob: encodeContractBlob(node),
    createdAt: node.createdAt,
    synchronizerId: contract.synchronizerId,
  };
}

/** A holding at a round: its contract, the fee it has accrued and what is left of it. */
export type AmuletPosition = {
  readonly contract: ContractView;
  readonly round: bigint;
  readonly accruedHoldingFee: string;
  readonly effectiveAmount: string;
};

/** The ExpiringAmount of an Amulet payload (a LockedAmulet's is under `amulet`). */
export function expiringAmountOf(amuletPayload: Value) {
  const amount = fieldAt(amuletPayload, 'amount');
  return {
    initialAmount: parseNumeric(String(fieldAt(amount, 'initialAmount'))),
    createdAt: BigInt(String(fieldAt(amount, 'createdAt', 'number'))),
    ratePerRound: parseNumeric(String(fieldAt(amount, 'ratePerRound', 'rate'))),
  };
}

export function amuletPosition(contract: WalletContract, round: bigint): AmuletPosition {
  const payload = contract.node.createArgument;
  const amulet = contract.kind === 'lockedAmulet' ? fieldAt(payload, 'amulet') : payload;
  const amount = expiringAmountOf(amulet);
  const fee = accruedHoldingFee(amount, round);
  return {
    contract: contractView(contract),
    round,
    accruedHoldingFee: formatNumeric(fee),
    effectiveAmount: formatNumeric(amount.initialAmount - fee),
  };
}
