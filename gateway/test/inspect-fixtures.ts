import { createUser, exercise } from './ledger-fixtures.ts';
import { rootResult, submitTree, type Tree } from './splice-amulet-calls.ts';
import { nodeTime, partyWithUser, type SpliceNode, spliceIds } from './splice-fixtures.ts';
import { installWallet } from './splice-wallet-calls.ts';

// Legacy transfer offers over the Ledger API, as the validator's wallet backend makes them
// (see splice-transfer-offer.integration.test.ts), for the inspector's tests to watch.

export type OfferDesk = {
  readonly alice: string;
  readonly bob: string;
  /** alice offers bob 10 amulets; the new TransferOffer's contract id. */
  offer(trackingId: string): Promise<string>;
  /** bob accepts the offer; the AcceptedTransferOffer's contract id. */
  accept(offer: string): Promise<string>;
};

/** Parties alice and bob (users of the same names), their wallet installs and a backend user. */
export async function openOfferDesk(net: SpliceNode): Promise<OfferDesk> {
  const alice = await partyWithUser(net, 'alice');
  const bob = await partyWithUser(net, 'bob');
  const backend = 'wallet-backend';
  await createUser(net.node, backend, [net.operator], [alice, bob, net.dso]);
  await createUser(net.node, 'onboarding', [net.operator, alice, bob], [net.dso]);
  const installs = {
    alice: await installWallet(net, 'onboarding', { party: alice, name: 'alice' }),
    bob: await installWallet(net, 'onboarding', { party: bob, name: 'bob' }),
  };
  const walletAction = async (
    install: string,
    endUser: string,
    choice: string,
    argument: unknown,
  ) =>
    submitTree(net, {
      user: backend,
      actAs: [net.operator],
      readAs: [endUser, net.dso],
      commands: [exercise(spliceIds.walletAppInstall, install, choice, argument)],
    });
  return {
    alice,
    bob,
    async offer(trackingId) {
      const expiresAt = new Date(Date.parse(await nodeTime(net)) + 3_600_000).toISOString();
      const tree: Tree = await walletAction(
        installs.alice,
        alice,
        'WalletAppInstall_CreateTransferOffer',
        {
          receiver: bob,
          amount: { amount: '10.0', unit: 'AmuletUnit' },
          description: 'lunch',
          expiresAt,
          trackingId,
        },
      );
      return rootResult<{ transferOffer: string }>(tree).transferOffer;
    },
    async accept(offer) {
      const tree = await walletAction(installs.bob, bob, 'WalletAppInstall_TransferOffer_Accept', {
        cid: offer,
      });
      return rootResult<{ acceptedTransferOffer: string }>(tree).acceptedTransferOffer;
    },
  };
}

/** GET a path of the inspect API as `user`; the status and the parsed body. */
export async function inspect<T = Record<string, unknown>>(
  net: SpliceNode,
  path: string,
  user: string | null = 'participant_admin',
): Promise<{ status: number; body: T }> {
  const response = await net.node.call(`/api/inspect/v0${path}`, { user });
  return { status: response.status, body: (await response.json()) as T };
}
