import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, exercise, json } from './ledger-fixtures.ts';
import {
  amuletRulesId,
  balanceOf,
  createdIn,
  inputAmulet,
  rootResult,
  tap,
  transferContext,
} from './splice-amulet-calls.ts';
import {
  activeContracts,
  expectRefused,
  nodeTime,
  type SpliceNode,
  spliceIds,
  startSpliceNodeWith,
  submitRaw,
  templateFilter,
  units,
} from './splice-fixtures.ts';
import { installWallet } from './splice-wallet-calls.ts';

// The legacy wallet transfer over the Ledger API: the validator's wallet backend creates a
// TransferOffer through the sender's WalletAppInstall, accepts it through the receiver's, and
// completes the AcceptedTransferOffer in an ExecuteBatch with the sender's amulet.

const hourMillis = 3_600_000;

describe('a legacy transfer offer over the Ledger API', () => {
  let net: SpliceNode;
  let alice: string;
  let bob: string;
  let installs: { alice: string; bob: string };
  const backend = 'wallet-backend';

  beforeAll(async () => {
    ({ net, alice, bob } = await startSpliceNodeWith(['alice', 'bob']));
    // The validator's wallet backend acts as the operator and reads as its end users.
    await createUser(net.node, backend, [net.operator], [alice, bob, net.dso]);
    await createUser(net.node, 'onboarding', [net.operator, alice, bob], [net.dso]);
    installs = {
      alice: await installWallet(net, 'onboarding', { party: alice, name: 'alice' }),
      bob: await installWallet(net, 'onboarding', { party: bob, name: 'bob' }),
    };
  });
  afterAll(() => net.node.close());

  /** A wallet action: the operator exercises a choice of the user's install, reading as the user. */
  const walletAction = (install: string, endUser: string, choice: string, argument: unknown) =>
    submitRaw(net, {
      user: backend,
      actAs: [net.operator],
      readAs: [endUser, net.dso],
      commands: [exercise(spliceIds.walletAppInstall, install, choice, argument)],
    });

  const createOffer = async (trackingId: string) => {
    const expiresAt = new Date(Date.parse(await nodeTime(net)) + hourMillis).toISOString();
    const response = await walletAction(
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
    return rootResult<{ transferOffer: string }>(
      (await json<{ transactionTree: Parameters<typeof rootResult>[0] }>(response)).transactionTree,
    ).transferOffer;
  };

  it('is created by the sender’s wallet, accepted by the receiver’s and completed, never featured', async () => {
    const coin = (await tap(net, 'alice', alice, '100.0')).amulet;
    const offer = await createOffer('offer-1');
    const offered = await activeContracts(net, {
      user: 'bob',
      party: bob,
      filter: templateFilter(spliceIds.transferOffer),
    });
    expect(offered.map((event) => [event.contractId, event.signatories, event.observers])).toEqual([
      [offer, [alice], [bob]],
    ]);
    const accepted = rootResult<{ acceptedTransferOffer: string }>(
      (
        await json<{ transactionTree: Parameters<typeof rootResult>[0] }>(
          await walletAction(installs.bob, bob, 'WalletAppInstall_TransferOffer_Accept', {
            cid: offer,
          }),
        )
      ).transactionTree,
    ).acceptedTransferOffer;
    const [featured] = await activeContracts(net, {
      user: net.operatorUser,
      party: net.operator,
      filter: templateFilter(spliceIds.featuredAppRight),
    });
    const completed = await walletAction(installs.alice, alice, 'WalletAppInstall_ExecuteBatch', {
      context: {
        amuletRules: await amuletRulesId(net),
        // The operator's FeaturedAppRight is in the context, yet the transfer is not featured.
        context: await transferContext(net, { featuredAppRight: featured?.contractId ?? null }),
      },
      inputs: [inputAmulet(coin)],
      operations: [{ tag: 'CO_CompleteAcceptedTransfer', value: accepted }],
    });
    const tree = (await json<{ transactionTree: Parameters<typeof createdIn>[0] }>(completed))
      .transactionTree;
    const [outcome] = rootResult<{ outcomes: Array<{ tag: string; value: { _2: unknown } }> }>(
      tree,
    ).outcomes;
    expect(outcome?.tag).toBe('COO_CompleteAcceptedTransfer');
    expect(outcome?.value._2).toEqual({ trackingId: 'offer-1', sender: alice, receiver: bob });
    expect(await balanceOf(net, 'bob', bob)).toBe(units('10'));
    expect(await balanceOf(net, 'alice', alice)).toBe(units('90'));
    expect(createdIn(tree, spliceIds.appRewardCoupon)).toEqual([]);
    for (const coupon of createdIn(tree, spliceIds.validatorRewardCoupon))
      expect(coupon.createArgument.user).toBe(alice);
    for (const template of [spliceIds.transferOffer, spliceIds.acceptedTransferOffer])
      expect(
        await activeContracts(net, { user: 'bob', party: bob, filter: templateFilter(template) }),
      ).toEqual([]);
  });

  it('refuses an offer the receiver did not accept, and an offer once it has expired', async () => {
    const offer = await createOffer('offer-2');
    // Only the receiver's install can accept: the sender's wallet cannot accept for bob.
    await expectRefused(
      net,
      () =>
        walletAction(installs.alice, alice, 'WalletAppInstall_TransferOffer_Accept', {
          cid: offer,
        }),
      { status: 400, code: 'DAML_AUTHORIZATION_ERROR', message: /bob/ },
    );
    await json(await net.node.call('/api/devnet/v0/time/advance', { body: { seconds: 3600 } }));
    await expectRefused(
      net,
      () =>
        walletAction(installs.bob, bob, 'WalletAppInstall_TransferOffer_Accept', { cid: offer }),
      { status: 400, code: 'DAML_FAILURE', message: /expired/i },
    );
    const expired = await walletAction(
      installs.alice,
      alice,
      'WalletAppInstall_TransferOffer_Expire',
      {
        cid: offer,
      },
    );
    expect(expired.status).toBe(200);
    expect(
      await activeContracts(net, {
        user: 'bob',
        party: bob,
        filter: templateFilter(spliceIds.transferOffer),
      }),
    ).toEqual([]);
  });
});
