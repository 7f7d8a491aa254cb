import { DomainError, formatTime, parseNumeric } from '@pocketnet/ledger';
import type { spliceVocabulary } from '@pocketnet/splice';
import type { Caller } from '../services/caller.ts';
import {
  amuletTransferInstruction,
  transferPreapprovalTemplate,
  walletInstallChoices,
} from '../vocabulary/splice-templates.ts';
import {
  type AnyValue,
  type ChoiceContext,
  toInterfaceContractId,
} from '../vocabulary/splice-types.ts';
import { payloadOf, resultOf } from '../vocabulary/typed-commands.ts';
import type { NetworkContext } from './network-context.ts';
import type { UserWallet, WalletAccess } from './wallet-access.ts';
import type { WalletActions } from './wallet-batch.ts';
import type { WalletContracts } from './wallet-contracts.projection.ts';
import { rootResult } from './wallet-submitter.ts';
import type { ContractView } from './wallet-views.ts';
import { contractView } from './wallet-views.ts';

export type CreateTokenTransfer = {
  readonly receiver: string;
  readonly amount: string;
  readonly description: string;
  readonly expiresAtMicros: bigint;
  readonly trackingId: string;
};

/** A TransferInstructionResult, as the wallet API reports it. */
export type TransferInstructionOutcome = {
  readonly output:
    | { readonly kind: 'pending'; readonly transferInstructionCid: string }
    | { readonly kind: 'completed'; readonly receiverHoldingCids: readonly string[] }
    | { readonly kind: 'failed' };
  readonly senderChangeCids: readonly string[];
  readonly meta: Readonly<Record<string, string>>;
};

const reasonKey = 'splice.lfdecentralizedtrust.org/reason';
const noMeta = { values: {} };

type Holding = spliceVocabulary.splice_api_token_holding_v1.Splice.Api.Token.HoldingV1.Holding;
type TransferInstructionResult =
  spliceVocabulary.splice_api_token_transfer_instruction_v1.Splice.Api.Token.TransferInstructionV1.TransferInstructionResult;

function outcomeOf(result: TransferInstructionResult): TransferInstructionOutcome {
  const { output } = result;
  const meta = result.meta?.values ?? {};
  const senderChangeCids = [...(result.senderChangeCids ?? [])];
  if (output.tag === 'TransferInstructionResult_Pending') {
    const transferInstructionCid = String(output.value.transferInstructionCid);
    return { output: { kind: 'pending', transferInstructionCid }, senderChangeCids, meta };
  }
  if (output.tag === 'TransferInstructionResult_Completed') {
    const receiverHoldingCids = [...(output.value.receiverHoldingCids ?? [])];
    return { output: { kind: 'completed', receiverHoldingCids }, senderChangeCids, meta };
  }
  return { output: { kind: 'failed' }, senderChangeCids, meta };
}

/**
 * Token-standard transfers of amulet through the users' WalletAppInstalls: the sender's
 * wallet calls the TransferFactory (one step when the receiver has a preapproval, otherwise
 * the amount is locked in an AmuletTransferInstruction); the receiver accepts or rejects, the
 * sender may withdraw, and either way the lock is released.
 */
export function createTokenTransfers(deps: {
  readonly contracts: WalletContracts;
  readonly network: NetworkContext;
  readonly access: WalletAccess;
  readonly actions: WalletActions;
}) {
  const { contracts, network, access, actions } = deps;

  /** The factory's context: rules, round, and the receiver's preapproval when it has one. */
  const factoryContext = (receiver: string): ChoiceContext => {
    const preapproval = contracts
      .of(receiver, 'transferPreapproval')
      .map((found) => ({
        contractId: found.node.contractId,
        payload: payloadOf(transferPreapprovalTemplate, found.node.createArgument),
      }))
      .find((found) => found.payload.receiver === receiver);
    if (!preapproval) return network.choiceContext();
    const extra: Record<string, AnyValue> = {
      'transfer-preapproval': { tag: 'AV_ContractId', value: preapproval.contractId },
    };
    const featured = network.featuredAppRightOf(preapproval.payload.provider);
    if (featured) extra['featured-app-right'] = { tag: 'AV_ContractId', value: featured };
    return network.choiceContext(extra);
  };

  async function transfer(wallet: UserWallet, request: CreateTokenTransfer) {
    if (parseNumeric(request.amount) <= 0n) {
      throw new DomainError('INVALID_ARGUMENT', 'The amount of a transfer must be positive');
    }
    const dso = network.dso();
    // In the wallet's turn: the inputs are picked once the operations before it committed.
    const record = await actions.inTurn(wallet.party, () => {
      const inputs = actions
        .amuletInputs(wallet.party)
        .map((input) => toInterfaceContractId<Holding>(input.value));
      return actions.installChoice(
        wallet,
        walletInstallChoices.WalletAppInstall_TransferFactory_Transfer,
        {
          transferFactoryCid: network.transferFactory(),
          transferArg: {
            expectedAdmin: dso,
            transfer: {
              sender: wallet.party,
              receiver: request.receiver,
              amount: request.amount,
              instrumentId: { admin: dso, id: 'Amulet' },
              requestedAt: formatTime(network.now()),
              executeBefore: formatTime(request.expiresAtMicros),
              inputHoldingCids: inputs,
              meta: { values: { [reasonKey]: request.description } },
            },
            extraArgs: { context: factoryContext(request.receiver), meta: noMeta },
          },
        },
        `createTokenStandardTransfer:${wallet.party}:${request.trackingId}`,
      );
    });
    return outcomeOf(
      resultOf(walletInstallChoices.WalletAppInstall_TransferFactory_Transfer, rootResult(record)),
    );
  }

  /** Acts on an instruction as its receiver or sender, with the registry's context. */
  async function act(caller: Caller, contractId: string, step: 'accept' | 'reject' | 'withdraw') {
    const wallet = access.walletOf(caller);
    const instruction = contracts.get(contractId);
    if (instruction?.kind !== 'transferInstruction') {
      throw new DomainError('CONTRACT_NOT_FOUND', `No pending transfer with id ${contractId}`);
    }
    const payload = payloadOf(amuletTransferInstruction, instruction.node.createArgument);
    const role = step === 'withdraw' ? 'sender' : 'receiver';
    access.requireRole(wallet, payload.transfer[role], 'transfer');
    const lockedAmulet = payload.lockedAmulet;
    const context =
      step === 'accept'
        ? network.choiceContext()
        : network.choiceContext({
            'expire-lock': { tag: 'AV_Bool', value: contracts.get(lockedAmulet) !== undefined },
          });
    const extraArgs = { extraArgs: { context, meta: noMeta } };
    const transferInstructionCid = contractId;
    const choices = walletInstallChoices;
    const record = await (step === 'accept'
      ? actions.installChoice(wallet, choices.WalletAppInstall_TransferInstruction_Accept, {
          transferInstructionCid,
          acceptArg: extraArgs,
        })
      : step === 'reject'
        ? actions.installChoice(wallet, choices.WalletAppInstall_TransferInstruction_Reject, {
            transferInstructionCid,
            rejectArg: extraArgs,
          })
        : actions.installChoice(wallet, choices.WalletAppInstall_TransferInstruction_Withdraw, {
            transferInstructionCid,
            withdrawArg: extraArgs,
          }));
    // The three choices answer the same TransferInstructionResult.
    return outcomeOf(
      resultOf(choices.WalletAppInstall_TransferInstruction_Accept, rootResult(record)),
    );
  }

  const service = {
    transfer,
    create: (caller: Caller, request: CreateTokenTransfer) =>
      transfer(access.walletOf(caller), request),
    /** Pending transfers the caller sends or receives. */
    list: (caller: Caller) =>
      contracts.of(access.walletOf(caller).party, 'transferInstruction').map(contractView),
    accept: (caller: Caller, contractId: string) => act(caller, contractId, 'accept'),
    reject: (caller: Caller, contractId: string) => act(caller, contractId, 'reject'),
    withdraw: (caller: Caller, contractId: string) => act(caller, contractId, 'withdraw'),
  };
  return service satisfies TokenTransfers;
}

export interface TokenTransfers {
  create: (caller: Caller, request: CreateTokenTransfer) => Promise<TransferInstructionOutcome>;
  /** Pending transfers the caller sends or receives. */
  list: (caller: Caller) => ContractView[];
  accept: (caller: Caller, contractId: string) => Promise<TransferInstructionOutcome>;
  reject: (caller: Caller, contractId: string) => Promise<TransferInstructionOutcome>;
  withdraw: (caller: Caller, contractId: string) => Promise<TransferInstructionOutcome>;
}
