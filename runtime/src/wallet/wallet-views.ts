import { encodeContractBlob, formatNumeric, parseNumeric, type Value } from '@pocketnet/ledger';
import { accruedHoldingFee, type spliceVocabulary } from '@pocketnet/splice';
import { amuletTemplates } from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import type { WalletContract } from './wallet-contracts.projection.ts';

type AmuletPayload = spliceVocabulary.splice_amulet.Splice.Amulet.Amulet;

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

/** The Amulet of an amulet contract or a locked amulet contract (held under `amulet`). */
export function amuletOf(contract: Pick<WalletContract, 'kind' | 'node'>): AmuletPayload {
  const payload = contract.node.createArgument;
  return contract.kind === 'lockedAmulet'
    ? payloadOf(amuletTemplates.LockedAmulet, payload).amulet
    : payloadOf(amuletTemplates.Amulet, payload);
}

/** The ExpiringAmount of an Amulet. */
export function expiringAmountOf(amulet: AmuletPayload) {
  const { amount } = amulet;
  return {
    initialAmount: parseNumeric(amount.initialAmount),
    createdAt: BigInt(amount.createdAt.number),
    ratePerRound: parseNumeric(amount.ratePerRound.rate),
  };
}

export function amuletPosition(contract: WalletContract, round: bigint): AmuletPosition {
  const amulet = amuletOf(contract);
  const amount = expiringAmountOf(amulet);
  const fee = accruedHoldingFee(amount, round);
  return {
    contract: contractView(contract),
    round,
    accruedHoldingFee: formatNumeric(fee),
    effectiveAmount: formatNumeric(amount.initialAmount - fee),
  };
}
