import { DomainError, formatTime, isDomainError, parseNumeric } from '@pocketnet/ledger';
import type { Caller } from '../services/caller.ts';
import {
  transferPreapprovalProposalTemplate,
  transferPreapprovalTemplate,
} from '../vocabulary/splice-templates.ts';
import { exerciseOf, payloadOf } from '../vocabulary/typed-commands.ts';
import type { NetworkContext } from './network-context.ts';
import type { UserWallet, WalletAccess } from './wallet-access.ts';
import type { WalletActions } from './wallet-batch.ts';
import type { WalletContract, WalletContracts } from './wallet-contracts.projection.ts';
import { create, type WalletSubmit } from './wallet-submitter.ts';
import { walletReference } from './wallet-templates.ts';
import { type ContractView, contractView } from './wallet-views.ts';

const preapprovalPayload = (preapproval: WalletContract) =>
  payloadOf(transferPreapprovalTemplate, preapproval.node.createArgument);

/** How long the validator buys a preapproval for: 90 days, the free base duration. */
const preapprovalLifetimeMicros = 90n * 24n * 3600n * 1_000_000n;

export type PreapprovalSend = {
  readonly receiver: string;
  readonly amount: string;
  readonly deduplicationId: string;
  readonly description?: string | undefined;
};

/**
 * TransferPreapprovals: a user asks for its own (the validator operator provides and pays for
 * it), senders pay a receiver in one step through it, and the operator looks them up, lists
 * and cancels the ones it provides.
 */
export function createPreapprovals(deps: {
  readonly contracts: WalletContracts;
  readonly network: NetworkContext;
  readonly access: WalletAccess;
  readonly actions: WalletActions;
  readonly submit: WalletSubmit;
}) {
  const { contracts, network, access, actions, submit } = deps;

  const preapprovalOf = (receiver: string): WalletContract | undefined =>
    contracts
      .of(receiver, 'transferPreapproval')
      .find((found) => preapprovalPayload(found).receiver === receiver);
  const operatorWallet = () => access.walletOfParty(network.operator());

  /** The operator's wallet accepts a preapproval proposal, paying any fee beyond 90 days. */
  async function acceptProposal(
    proposalContractId: string,
    lifetimeMicros = preapprovalLifetimeMicros,
  ) {
    const expiresAt = formatTime(network.now() + lifetimeMicros);
    const { outcomes } = await actions.executeBatch(operatorWallet(), [
      {
        tag: 'CO_AcceptTransferPreapprovalProposal',
        value: { preapprovalProposalCid: proposalContractId, expiresAt },
      },
    ]);
    return String(outcomes[0]?.value);
  }

  async function proposalFor(wallet: UserWallet): Promise<string> {
    const operator = network.operator();
    const open = contracts
      .of(wallet.party, 'preapprovalProposal')
      .find(
        (found) =>
          payloadOf(transferPreapprovalProposalTemplate, found.node.createArgument).provider ===
          operator,
      );
    if (open) return open.node.contractId;
    const record = await submit({
      actAs: [operator, wallet.party],
      commands: [
        create(walletReference('preapprovalProposal'), {
          receiver: wallet.party,
          provider: operator,
          expectedDso: network.dso(),
        }),
      ],
    });
    const created = record.nodes.find((node) => node.kind === 'created');
    return created?.kind === 'created' ? created.contractId : '';
  }

  /** Refuses a non-admin and a party whose preapproval this validator does not provide. */
  const providedPreapprovalOf = (caller: Caller, receiver: string): WalletContract => {
    access.requireAdmin(caller);
    const found = preapprovalOf(receiver);
    if (!found || preapprovalPayload(found).provider !== network.operator()) {
      throw new DomainError('CONTRACT_NOT_FOUND', `No TransferPreapproval for ${receiver}`);
    }
    return found;
  };

  const service = {
    preapprovalOf,
    acceptProposal,
    /** `POST /v0/wallet/transfer-preapproval`: the caller's preapproval, created if missing. */
    async createOwn(caller: Caller): Promise<{ contractId: string; existed: boolean }> {
      const wallet = access.walletOf(caller);
      const existing = preapprovalOf(wallet.party);
      if (existing) return { contractId: existing.node.contractId, existed: true };
      const proposal = await proposalFor(wallet);
      try {
        return { contractId: await acceptProposal(proposal), existed: false };
      } catch (error) {
        // The operator's automation accepts proposals that name it too, and may come first.
        const accepted = preapprovalOf(wallet.party);
        if (!accepted || !isDomainError(error) || error.code !== 'CONTRACT_NOT_FOUND') throw error;
        return { contractId: accepted.node.contractId, existed: false };
      }
    },
    /** `POST /v0/wallet/transfer-preapproval/send`: one step into the receiver's preapproval. */
    async send(caller: Caller, request: PreapprovalSend): Promise<void> {
      const wallet = access.walletOf(caller);
      if (parseNumeric(request.amount) <= 0n) {
        throw new DomainError('INVALID_ARGUMENT', 'The amount to send must be positive');
      }
      const preapproval = preapprovalOf(request.receiver);
      if (!preapproval) {
        throw new DomainError(
          'INVALID_ARGUMENT',
          `Receiver ${request.receiver} does not have a TransferPreapproval`,
        );
      }
      const { provider } = preapprovalPayload(preapproval);
      await actions.executeBatch(
        wallet,
        [
          {
            tag: 'CO_TransferPreapprovalSend',
            value: {
              transferPreapprovalCid: preapproval.node.contractId,
              providerFeaturedAppRightCid: network.featuredAppRightOf(provider),
              amount: request.amount,
              description: request.description ?? null,
            },
          },
        ],
        { deduplicationKey: `transferPreapprovalSend:${wallet.party}:${request.deduplicationId}` },
      );
    },
    lookupByParty: (caller: Caller, receiver: string): ContractView =>
      contractView(providedPreapprovalOf(caller, receiver)),
    async cancelByParty(caller: Caller, receiver: string): Promise<void> {
      const preapproval = providedPreapprovalOf(caller, receiver);
      const operator = network.operator();
      await submit({
        actAs: [operator],
        commands: [
          exerciseOf(
            transferPreapprovalTemplate,
            preapproval.node.contractId,
            transferPreapprovalTemplate.choices.TransferPreapproval_Cancel,
            { p: operator },
          ),
        ],
      });
    },
    /** The preapprovals this validator provides. */
    listProvided(caller: Caller): ContractView[] {
      access.requireAdmin(caller);
      const operator = network.operator();
      return contracts
        .of(operator, 'transferPreapproval')
        .filter((found) => preapprovalPayload(found).provider === operator)
        .map(contractView);
    },
  };
  return service satisfies Preapprovals;
}

export interface Preapprovals {
  preapprovalOf: (receiver: string) => WalletContract | undefined;
  /** `POST /v0/wallet/transfer-preapproval`: the caller's preapproval, created if missing. */
  createOwn(caller: Caller): Promise<{
    contractId: string;
    existed: boolean;
  }>;
  /** `POST /v0/wallet/transfer-preapproval/send`: one step into the receiver's preapproval. */
  send(caller: Caller, request: PreapprovalSend): Promise<void>;
  lookupByParty: (caller: Caller, receiver: string) => ContractView;
  cancelByParty(caller: Caller, receiver: string): Promise<void>;
  /** The preapprovals this validator provides. */
  listProvided(caller: Caller): ContractView[];
}
