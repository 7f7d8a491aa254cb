import { describe, expect, it } from 'vitest';
import {
  acceptOffer,
  createOffer,
  installChoice,
  offerSetup,
} from '../../testing/transfer-offer.test-helper.ts';
import { expectRejected, inputAmulet, units } from '../../testing/wallet-ledger.test-helper.ts';
import { transferOfferStatusUpdates } from './tracking-status.ts';
import { walletReferences } from './wallet-references.ts';

describe('legacy transfer offers that fail', () => {
  it('refuses completion by anyone but the sender with its wallet provider', async () => {
    const setup = await offerSetup();
    const { net, alice, bob } = setup;
    const coin = await net.tap(alice, '100.0');
    const { accepted } = await acceptOffer(setup, (await createOffer(setup)).offer);
    const complete = (actAs: string[]) =>
      net.exercise(
        actAs,
        {
          templateId: walletReferences.acceptedTransferOffer,
          contractId: accepted,
          choice: 'AcceptedTransferOffer_Complete',
          choiceArgument: {
            inputs: [inputAmulet(coin)],
            transferContext: net.paymentContext(),
            walletProvider: net.validator,
          },
        },
        [alice],
      );
    await expectRejected(complete([bob, net.validator]), 'DAML_AUTHORIZATION_ERROR', /missing/);
    expect(net.balance(bob)).toBe(0n);
  });

  it('rejects a completion without enough funds and changes nothing', async () => {
    const setup = await offerSetup();
    const { net, alice } = setup;
    const coin = await net.tap(alice, '5.0');
    const { accepted } = await acceptOffer(setup, (await createOffer(setup)).offer);
    const batch = installChoice(net, setup.aliceInstall, alice, 'WalletAppInstall_ExecuteBatch', {
      context: net.paymentContext(),
      inputs: [inputAmulet(coin)],
      operations: [{ tag: 'CO_CompleteAcceptedTransfer', value: accepted }],
    });
    await expectRejected(batch, 'DAML_FAILURE', /insufficient-funds/);
    expect(net.balance(alice)).toBe(units('5.0'));
    expect(net.ledger.active(walletReferences.acceptedTransferOffer)).toHaveLength(1);
  });

  it('are rejected by the receiver and withdrawn by the sender, with the reason tracked', async () => {
    const setup = await offerSetup();
    const { net, alice, bob } = setup;
    const first = await createOffer(setup, undefined, 'rejected-one');
    const rejected = await installChoice(
      net,
      setup.bobInstall,
      bob,
      'WalletAppInstall_TransferOffer_Reject',
      { cid: first.offer },
    );
    expect(transferOfferStatusUpdates(rejected.record)).toEqual([
      {
        status: 'failed',
        trackingId: 'rejected-one',
        failureKind: 'rejected',
        withdrawnReason: null,
      },
    ]);
    const second = await createOffer(setup, undefined, 'withdrawn-one');
    await expectRejected(
      net.exercise([bob], {
        templateId: walletReferences.transferOffer,
        contractId: second.offer,
        choice: 'TransferOffer_Withdraw',
        choiceArgument: { reason: 'no' },
      }),
      'DAML_AUTHORIZATION_ERROR',
      /missing/,
    );
    const withdrawn = await installChoice(
      net,
      setup.aliceInstall,
      alice,
      'WalletAppInstall_TransferOffer_Withdraw',
      {
        cid: second.offer,
        reason: 'changed my mind',
      },
    );
    expect(transferOfferStatusUpdates(withdrawn.record)).toEqual([
      {
        status: 'failed',
        trackingId: 'withdrawn-one',
        failureKind: 'withdrawn',
        withdrawnReason: 'changed my mind',
      },
    ]);
    expect(net.ledger.active(walletReferences.transferOffer)).toEqual([]);
  });

  it('refuses descriptions of 280 characters or more', async () => {
    const setup = await offerSetup();
    const create = setup.net.create([setup.alice], walletReferences.transferOffer, {
      sender: setup.alice,
      receiver: setup.bob,
      dso: setup.net.dso,
      amount: { amount: '1.0', unit: 'AmuletUnit' },
      description: 'x'.repeat(280),
      expiresAt: '2030-01-01T00:00:00Z',
      trackingId: 'long',
    });
    await expectRejected(create, 'DAML_FAILURE', /280/);
  });
});
