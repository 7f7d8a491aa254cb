import type { PocketnetNodeCore } from '../node/node-core.ts';
import { createNetworkContext, type NetworkContext } from '../wallet/network-context.ts';
import { createWalletAccess, type WalletAccess } from '../wallet/wallet-access.ts';
import { createWalletActions, type WalletActions } from '../wallet/wallet-batch.ts';
import {
  createWalletContracts,
  type WalletContracts,
} from '../wallet/wallet-contracts.projection.ts';
import { createWalletSubmitter, type WalletSubmit } from '../wallet/wallet-submitter.ts';

/** The validator wallet's pieces the automations act through (the wallet's own services). */
export type AutomationWallet = {
  readonly contracts: WalletContracts;
  readonly network: NetworkContext;
  readonly access: WalletAccess;
  readonly actions: WalletActions;
  readonly submit: WalletSubmit;
};

/**
 * The wallet pieces built from the node core, for a node whose wallet is not wired in: its
 * contract store subscribes to the bus, so this runs before the journal is replayed.
 */
export function createAutomationWallet(core: PocketnetNodeCore): AutomationWallet {
  const contracts = createWalletContracts(core.records$, core.undo);
  const network = createNetworkContext({ core, contracts });
  const submit = createWalletSubmitter({
    engine: core.engine,
    now: () => core.clock.nowMicros(),
    undo: core.undo,
  });
  const access = createWalletAccess({ participant: core.participant, contracts, network });
  const actions = createWalletActions({ contracts, network, submit });
  return { contracts, network, access, actions, submit };
}
