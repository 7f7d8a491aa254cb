import { DomainError, type ParticipantState } from '@pocketnet/ledger';
import type { spliceVocabulary } from '@pocketnet/splice';
import { accessOf, type Caller } from '../services/caller.ts';
import { mergeDelegationTemplates } from '../vocabulary/splice-templates.ts';
import { exerciseOf, payloadOf, resultOf } from '../vocabulary/typed-commands.ts';
import type { UserWallet, WalletAccess } from './wallet-access.ts';
import type { WalletContract, WalletContracts } from './wallet-contracts.projection.ts';
import { rootResult, type WalletSubmit } from './wallet-submitter.ts';

type Role = 'owner' | 'operator';
type ChoiceRef<A, R> = spliceVocabulary.ChoiceRef<A, R>;
type NoFields = Record<string, never>;
const proposalTemplate = mergeDelegationTemplates.MergeDelegationProposal;
const proposalChoices = proposalTemplate.choices;
const what = 'merge delegation proposal';

/**
 * A wallet user's side of MergeDelegationProposals (Splice.Util.Token.Wallet.MergeDelegation):
 * the owner signs one at onboarding so that its wallet provider (the operator) may merge its
 * holdings; the operator accepts it into a MergeDelegation or rejects it, and the owner may
 * withdraw it first. Each is a choice the caller exercises as its own party, which it must be
 * able to act as, in the role the choice's controller has.
 */
export function createMergeDelegations(deps: {
  readonly contracts: WalletContracts;
  readonly access: WalletAccess;
  readonly participant: ParticipantState;
  readonly submit: WalletSubmit;
}) {
  const { contracts, access } = deps;

  const proposalOf = (contractId: string): WalletContract => {
    const found = contracts.get(contractId);
    if (found?.kind !== 'mergeDelegationProposal') {
      throw new DomainError(
        'CONTRACT_NOT_FOUND',
        `No active ${what} with contract id ${contractId}`,
      );
    }
    return found;
  };

  /** The caller's wallet, if its party is the proposal's `role` and the caller may act as it. */
  const actorOf = (caller: Caller, contractId: string, role: Role): UserWallet => {
    const wallet = access.walletOf(caller);
    const proposal = proposalOf(contractId);
    access.requireRole(
      wallet,
      String(payloadOf(proposalTemplate, proposal.node.createArgument).delegation[role]),
      what,
    );
    if (!accessOf(caller, deps.participant).canActAs(wallet.party)) {
      throw new DomainError(
        'PERMISSION_DENIED',
        `The user ${wallet.userName} may not act as ${wallet.party}`,
      );
    }
    return wallet;
  };

  // The proposal's choices take no fields.
  const act = <R>(
    caller: Caller,
    contractId: string,
    role: Role,
    choice: ChoiceRef<NoFields, R>,
  ) => {
    const wallet = actorOf(caller, contractId, role);
    return deps.submit({
      actAs: [wallet.party],
      commands: [exerciseOf(proposalTemplate, contractId, choice, {})],
    });
  };

  const service = {
    /** As the operator: the MergeDelegation the proposal becomes (its contract id). */
    async accept(caller: Caller, contractId: string): Promise<string> {
      const record = await act(
        caller,
        contractId,
        'operator',
        proposalChoices.MergeDelegationProposal_Accept,
      );
      return String(
        resultOf(proposalChoices.MergeDelegationProposal_Accept, rootResult(record))
          .mergeDelegationCid,
      );
    },
    /** As the operator: archives the proposal. */
    async reject(caller: Caller, contractId: string): Promise<void> {
      await act(caller, contractId, 'operator', proposalChoices.MergeDelegationProposal_Reject);
    },
    /** As the owner: takes the proposal back before the operator decides. */
    async withdraw(caller: Caller, contractId: string): Promise<void> {
      await act(caller, contractId, 'owner', proposalChoices.MergeDelegationProposal_Withdraw);
    },
  };
  return service satisfies MergeDelegations;
}

export interface MergeDelegations {
  /** As the operator: the MergeDelegation the proposal becomes (its contract id). */
  accept(caller: Caller, contractId: string): Promise<string>;
  /** As the operator: archives the proposal. */
  reject(caller: Caller, contractId: string): Promise<void>;
  /** As the owner: takes the proposal back before the operator decides. */
  withdraw(caller: Caller, contractId: string): Promise<void>;
}
