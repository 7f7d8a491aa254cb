import type { Caller } from '../services/caller.ts';
import { featuredAppRightTemplate, walletInstallChoices } from '../vocabulary/splice-templates.ts';
import { payloadOf, resultOf } from '../vocabulary/typed-commands.ts';
import type { NetworkContext } from '../wallet/network-context.ts';
import type { WalletAccess } from '../wallet/wallet-access.ts';
import type { WalletActions } from '../wallet/wallet-batch.ts';
import type { WalletContracts } from '../wallet/wallet-contracts.projection.ts';
import { rootResult } from '../wallet/wallet-submitter.ts';

/**
 * Featured app rights of the wallet's users: on a devnet a user features itself
 * (AmuletRules_DevNet_FeatureApp through its wallet install), and gives its rights up again.
 */
export function createFeaturedApps(deps: {
  readonly access: WalletAccess;
  readonly walletContracts: WalletContracts;
  readonly network: NetworkContext;
  readonly actions: WalletActions;
}) {
  const { access, network, actions } = deps;
  const rightsOf = (party: string) =>
    deps.walletContracts
      .of(party, 'featuredAppRight')
      .filter(
        (right) =>
          payloadOf(featuredAppRightTemplate, right.node.createArgument).provider === party,
      );
  const service = {
    /** The caller's featured app right: the one it has, or a new one (devnet only). */
    async selfGrant(caller: Caller): Promise<string> {
      const wallet = access.walletOf(caller);
      const existing = network.featuredAppRightOf(wallet.party);
      if (existing !== null) return existing;
      const record = await actions.installChoice(
        wallet,
        walletInstallChoices.WalletAppInstall_FeaturedAppRights_SelfGrant,
        { amuletRulesCid: network.amuletRules().contractId },
      );
      return String(
        resultOf(
          walletInstallChoices.WalletAppInstall_FeaturedAppRights_SelfGrant,
          rootResult(record),
        ).featuredAppRight,
      );
    },
    /** Cancels every featured app right of the caller; how many there were. */
    async cancelAll(caller: Caller): Promise<number> {
      const wallet = access.walletOf(caller);
      const rights = rightsOf(wallet.party);
      for (const right of rights) {
        await actions.installChoice(
          wallet,
          walletInstallChoices.WalletAppInstall_FeaturedAppRights_Cancel,
          {
            cid: right.node.contractId,
          },
        );
      }
      return rights.length;
    },
  };
  return service satisfies FeaturedApps;
}

export interface FeaturedApps {
  /** The caller's featured app right: the one it has, or a new one (devnet only). */
  selfGrant(caller: Caller): Promise<string>;
  /** Cancels every featured app right of the caller; how many there were. */
  cancelAll(caller: Caller): Promise<number>;
}
