import { DomainError, type ParticipantState } from '@pocketnet/ledger';
import type { spliceVocabulary } from '@pocketnet/splice';
import type { Caller } from '../services/caller.ts';
import { mintingDelegationTemplates } from '../vocabulary/splice-templates.ts';
import { exerciseOf, payloadOf, resultOf } from '../vocabulary/typed-commands.ts';
import type { UserWallet } from '../wallet/wallet-access.ts';
import { rootResult, type WalletSubmit } from '../wallet/wallet-submitter.ts';
import { type ContractView, contractView } from '../wallet/wallet-views.ts';
import { type AppAccess, type PartyOf, partyOf } from './app-access.ts';
import type { AppContract, AppContracts } from './app-contracts.projection.ts';

type TemplateRef<P, C> = spliceVocabulary.TemplateRef<P, C>;
type ChoiceRef<A, R> = spliceVocabulary.ChoiceRef<A, R>;
const { MintingDelegation, MintingDelegationProposal } = mintingDelegationTemplates;
const proposalAccept = MintingDelegationProposal.choices.MintingDelegationProposal_Accept;

/** A delegation or proposal, and whether its beneficiary is hosted on this validator. */
export type DelegationView = {
  readonly contract: ContractView;
  readonly beneficiaryHosted: boolean;
};

export type DelegationPage = {
  readonly items: readonly DelegationView[];
  /** The `after` of the next page; absent on the last page. */
  readonly nextPageToken?: number;
};

export type PageRequest = {
  readonly after?: number | undefined;
  readonly limit?: number | undefined;
};

const defaultLimit = 1000;
const delegationOf = (contract: AppContract) =>
  payloadOf(MintingDelegation, contract.node.createArgument);
const proposedOf = (contract: AppContract) =>
  payloadOf(MintingDelegationProposal, contract.node.createArgument).delegation;
const proposalDelegate = partyOf(
  MintingDelegationProposal,
  (proposal) => proposal.delegation.delegate,
);
const delegationDelegate = partyOf(MintingDelegation, (delegation) => delegation.delegate);
const proposalBeneficiary = partyOf(
  MintingDelegationProposal,
  (proposal) => proposal.delegation.beneficiary,
);
const delegationBeneficiary = partyOf(MintingDelegation, (delegation) => delegation.beneficiary);

/**
 * Minting delegations (Splice.Wallet.MintingDelegation) from the delegate's side: parties
 * (external ones, typically) propose that this user mints their rewards for them; the user
 * accepts (replacing an earlier delegation of the same beneficiary) or rejects proposals,
 * and ends delegations. The beneficiary withdraws a proposal itself, on the ledger.
 */
export function createMintingDelegations(deps: {
  readonly appAccess: AppAccess;
  readonly contracts: AppContracts;
  readonly participant: ParticipantState;
  readonly submit: WalletSubmit;
}) {
  const { appAccess, contracts } = deps;
  const hosted = (party: string) => deps.participant.parties.get(party)?.isLocal === true;

  const page = (found: AppContract[], request: PageRequest, beneficiaryOf: PartyOf) => {
    const limit = request.limit ?? defaultLimit;
    if (!Number.isInteger(limit) || limit < 1) {
      throw new DomainError('INVALID_ARGUMENT', 'limit must be a positive integer');
    }
    const after = request.after ?? -1;
    const rest = found.filter((contract) => contract.offset > after);
    const items = rest.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map((contract) => ({
        contract: contractView(contract),
        beneficiaryHosted: hosted(beneficiaryOf(contract)),
      })),
      ...(rest.length > limit && last ? { nextPageToken: last.offset } : {}),
    };
  };
  // The rejections take no fields.
  const act = <P, C, R>(
    wallet: UserWallet,
    template: TemplateRef<P, C>,
    contractId: string,
    choice: ChoiceRef<Record<string, never>, R>,
  ) =>
    deps.submit({
      actAs: [wallet.party],
      commands: [exerciseOf(template, contractId, choice, {})],
    });
  const ownedProposal = (caller: Caller, contractId: string) =>
    appAccess.owned(caller, {
      contractId,
      kind: 'mintingDelegationProposal',
      what: 'minting delegation proposal',
      party: proposalDelegate,
    });

  const service = {
    proposals(caller: Caller, request: PageRequest): DelegationPage {
      const found = appAccess.listOwned(caller, 'mintingDelegationProposal', proposalDelegate);
      return page(found, request, proposalBeneficiary);
    },
    delegations(caller: Caller, request: PageRequest): DelegationPage {
      const found = appAccess.listOwned(caller, 'mintingDelegation', delegationDelegate);
      return page(found, request, delegationBeneficiary);
    },
    /** Accepts, archiving the delegation it replaces; the new MintingDelegation's id. */
    async accept(caller: Caller, contractId: string): Promise<string> {
      const { wallet, contract } = ownedProposal(caller, contractId);
      const { beneficiary } = proposedOf(contract);
      const existing = contracts.of(wallet.party, 'mintingDelegation').find((found) => {
        const delegation = delegationOf(found);
        return delegation.beneficiary === beneficiary && delegation.delegate === wallet.party;
      });
      const record = await deps.submit({
        actAs: [wallet.party],
        commands: [
          exerciseOf(MintingDelegationProposal, contractId, proposalAccept, {
            existingDelegationCid: existing?.node.contractId ?? null,
          }),
        ],
      });
      return String(resultOf(proposalAccept, rootResult(record)).mintingDelegationCid);
    },
    async reject(caller: Caller, contractId: string): Promise<void> {
      const { wallet } = ownedProposal(caller, contractId);
      await act(
        wallet,
        MintingDelegationProposal,
        contractId,
        MintingDelegationProposal.choices.MintingDelegationProposal_Reject,
      );
    },
    /** Ends a delegation, as its delegate. */
    async rejectDelegation(caller: Caller, contractId: string): Promise<void> {
      const { wallet } = appAccess.owned(caller, {
        contractId,
        kind: 'mintingDelegation',
        what: 'minting delegation',
        party: delegationDelegate,
      });
      await act(
        wallet,
        MintingDelegation,
        contractId,
        MintingDelegation.choices.MintingDelegation_Reject,
      );
    },
  };
  return service satisfies MintingDelegations;
}

export interface MintingDelegations {
  proposals(caller: Caller, request: PageRequest): DelegationPage;
  delegations(caller: Caller, request: PageRequest): DelegationPage;
  /** Accepts, archiving the delegation it replaces; the new MintingDelegation's id. */
  accept(caller: Caller, contractId: string): Promise<string>;
  reject(caller: Caller, contractId: string): Promise<void>;
  /** Ends a delegation, as its delegate. */
  rejectDelegation(caller: Caller, contractId: string): Promise<void>;
}
