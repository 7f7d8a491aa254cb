import { DomainError, type ParticipantState } from '@pocketnet/ledger';
import { accessOf, type Caller } from '../services/caller.ts';
import { walletInstall } from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import type { NetworkContext } from './network-context.ts';
import type { WalletContract, WalletContracts } from './wallet-contracts.projection.ts';

const installPayload = (install: WalletContract) =>
  payloadOf(walletInstall.WalletAppInstall, install.node.createArgument);

/** An onboarded end user's wallet on this validator: its user, party and WalletAppInstall. */
export type UserWallet = {
  readonly userName: string;
  readonly party: string;
  readonly install: WalletContract;
};

const permissionDenied = (message: string) => new DomainError('PERMISSION_DENIED', message);

/**
 * Who a wallet request speaks for. The token's subject names the wallet user; its wallet is
 * the WalletAppInstall this validator holds for that name. Admin operations are for the
 * validator operator: a user that acts as the operator party, or a participant admin.
 */
export function createWalletAccess(deps: {
  readonly participant: ParticipantState;
  readonly contracts: WalletContracts;
  readonly network: NetworkContext;
}) {
  const { contracts, network } = deps;
  const isOurs = (install: WalletContract) =>
    installPayload(install).validatorParty === network.operator();
  const installOf = (userName: string): WalletContract | undefined =>
    contracts.installsOf(userName).find(isOurs);
  const operatorUserName = (): string => {
    const operator = network.operator();
    const own = contracts
      .of(operator, 'walletAppInstall')
      .find((install) => installPayload(install).endUserParty === operator && isOurs(install));
    return own ? installPayload(own).endUserName : '';
  };
  const toWallet = (install: WalletContract): UserWallet => ({
    userName: installPayload(install).endUserName,
    party: installPayload(install).endUserParty,
    install,
  });

  /** The user a caller names; without authentication, the validator operator's user. */
  const userNameOf = (caller: Caller): string =>
    caller.kind === 'unrestricted' ? operatorUserName() : caller.userId;

  return {
    installOf,
    operatorUserName,
    userNameOf,
    /** The wallet of the user named `userName`, if it is onboarded. */
    lookupWallet(userName: string): UserWallet | undefined {
      const install = installOf(userName);
      return install ? toWallet(install) : undefined;
    },
    /** The caller's own wallet; 404 when the user is not onboarded on this validator. */
    walletOf(caller: Caller): UserWallet {
      // As Splice's wallet auth: the token names a user, its install is its wallet (404 if
      // none); a ledger user that exists but is deactivated is refused.
      if (caller.kind === 'user' && deps.participant.users.get(caller.userId)?.isDeactivated) {
        throw permissionDenied(`The user ${caller.userId} is deactivated`);
      }
      const userName = userNameOf(caller);
      const install = installOf(userName);
      if (!install) {
        throw new DomainError(
          'USER_NOT_FOUND',
          `The user ${userName} is not onboarded on this validator`,
        );
      }
      return toWallet(install);
    },
    /** The wallet of a party hosted here (what the automations act for). */
    walletOfParty(party: string): UserWallet {
      const install = contracts
        .of(party, 'walletAppInstall')
        .find((found) => installPayload(found).endUserParty === party && isOurs(found));
      if (!install) throw new DomainError('PARTY_NOT_FOUND', `The party ${party} has no wallet`);
      return toWallet(install);
    },
    /** Whether the participant hosts the party (a local or an external party). */
    hosts: (party: string): boolean => deps.participant.parties.has(party),
    requireAdmin(caller: Caller): void {
      const access = accessOf(caller, deps.participant);
      if (access.isAdmin || access.canActAs(network.operator())) return;
      throw permissionDenied(
        'This operation is for the validator operator: the user must act as the operator party',
      );
    },
    /** Refuses a contract that is not the caller's in the role it asks to act in. */
    requireRole(wallet: UserWallet, party: string, what: string): void {
      if (party !== wallet.party) {
        throw permissionDenied(`The ${what} does not belong to the user ${wallet.userName}`);
      }
    },
  };
}

export type WalletAccess = ReturnType<typeof createWalletAccess>;
