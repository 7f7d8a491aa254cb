import { DomainError, type Value } from '@pocketnet/ledger';
import type { Caller } from '../services/caller.ts';
import type { UserWallet, WalletAccess } from '../wallet/wallet-access.ts';
import { fieldAt } from '../wallet/wallet-submitter.ts';
import type { AppContract, AppContracts } from './app-contracts.projection.ts';
import type { AppTemplate } from './app-templates.ts';

/** A text field of a contract's payload, by path ('' when missing). */
export const textOf = (contract: AppContract, ...path: string[]): string => {
  const value: Value = fieldAt(contract.node.createArgument, ...path);
  return typeof value === 'string' ? value : '';
};

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
    /** The caller's wallet and the contract, which must name the wallet's party at `path`. */
    owned(
      caller: Caller,
      request: { contractId: string; kind: AppTemplate; what: string; path: readonly string[] },
    ): { wallet: UserWallet; contract: AppContract } {
      const wallet = access.walletOf(caller);
      const contract = contractOf(request.contractId, request.kind, request.what);
      access.requireRole(wallet, textOf(contract, ...request.path), request.what);
      return { wallet, contract };
    },
    /** The caller's contracts of a kind in which it is the party at `path`, oldest first. */
    listOwned(caller: Caller, kind: AppTemplate, path: readonly string[]): AppContract[] {
      const { party } = access.walletOf(caller);
      return contracts.of(party, kind).filter((contract) => textOf(contract, ...path) === party);
    },
  };
}

export type AppAccess = ReturnType<typeof createAppAccess>;
