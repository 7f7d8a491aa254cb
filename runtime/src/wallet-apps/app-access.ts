import { DomainError } from '@pocketnet/ledger';
import type { spliceVocabulary } from '@pocketnet/splice';
import type { Caller } from '../services/caller.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import type { UserWallet, WalletAccess } from '../wallet/wallet-access.ts';
import type { AppContract, AppContracts } from './app-contracts.projection.ts';
import type { AppTemplate } from './app-templates.ts';

/** The party of an app contract an operation acts as. */
export type PartyOf = (contract: AppContract) => string;

/** A party field of a template's payload, read by its generated type. */
export const partyOf =
  <P, C>(template: spliceVocabulary.TemplateRef<P, C>, read: (payload: P) => string): PartyOf =>
  (contract) =>
    read(payloadOf(template, contract.node.createArgument));

/**
 * Who may act on an app contract: the caller's wallet (W's wallet access) must be the party the
 * contract names in the role the operation acts in. A contract that is not there (or not of
 * the kind asked for) is 404; one of another user is 403.
 */
export function createAppAccess(deps: {
  readonly access: WalletAccess;
  readonly contracts: AppContracts;
}) {
  const { access, contracts } = deps;
  const contractOf = (contractId: string, kind: AppTemplate, what: string): AppContract => {
    const found = contracts.get(contractId);
    if (found?.kind !== kind) {
      throw new DomainError(
        'CONTRACT_NOT_FOUND',
        `No active ${what} with contract id ${contractId}`,
      );
    }
    return found;
  };
  return {
    walletOf: (caller: Caller): UserWallet => access.walletOf(caller),
    contractOf,
    /** The caller's wallet and the contract, which must name the wallet's party as `party`. */
    owned(
      caller: Caller,
      request: { contractId: string; kind: AppTemplate; what: string; party: PartyOf },
    ): { wallet: UserWallet; contract: AppContract } {
      const wallet = access.walletOf(caller);
      const contract = contractOf(request.contractId, request.kind, request.what);
      access.requireRole(wallet, request.party(contract), request.what);
      return { wallet, contract };
    },
    /** The caller's contracts of a kind in which it is the `party`, oldest first. */
    listOwned(caller: Caller, kind: AppTemplate, party: PartyOf): AppContract[] {
      const wallet = access.walletOf(caller);
      return contracts
        .of(wallet.party, kind)
        .filter((contract) => party(contract) === wallet.party);
    },
  };
}

export type AppAccess = ReturnType<typeof createAppAccess>;
