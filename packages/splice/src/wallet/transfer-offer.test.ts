import { describe, expect, it } from 'vitest';
import {
  acceptOffer,
  createOffer,
  hourMicros,
  installChoice,
  offerSetup,
  statuses,
} from '../../testing/transfer-offer.test-helper.ts';
import {
  createdOf,
  expectRejected,
  inputAmulet,
  units,
} from '../../testing/wallet-ledger.test-helper.ts';
import { amuletTemplateIds } from '../amulet/amulet-references.ts';
import { fieldOf, textFieldOf } from '../wallet-payments/value-readers.ts';
import { transferOfferStatusUpdates } from './tracking-status.ts';
import { walletReferences } from './wallet-references.ts';

describe('legacy transfer offers', () => {
  it('are created, accepted and completed by the sender wallet, never featured', async () => {
    const setup = await offerSetup();
    const { net, alice, bob } = setup;
    const coin = await net.tap(alice, '100.0');
    const featured = await net.exercise([net.validator], {
      templateId: amuletTemplateIds.amuletRules,
      contractId: net.amuletRules,
      choice: 'AmuletRules_DevNet_FeatureApp',
      choiceArgument: { provider: net.validator },
    });
    const created = await createOffer(setup);
    const accepted = await acceptOffer(setup, created.offer);
    const completed = await installChoice(
      net,
      setup.aliceInstall,
      alice,
      'WalletAppInstall_ExecuteBatch',
      {
        context: net.paymentContext(textFieldOf(featured.result, 'featuredAppRightCid')),
        inputs: [inputAmulet(coin)],
        operations: [{ tag: 'CO_CompleteAcceptedTransfer', value: accepted.accepted }],
      },
    );
    expect(net.balance(bob)).toBe(units('10.0'));
    expect(net.balance(alice)).toBe(units('90.0'));
    const [outcome] = fieldOf(completed.result, 'outcomes') as readonly {
      tag: string;
      value: { _2: unknown };
    }[];
    expect(outcome?.tag).toBe('COO_CompleteAcceptedTransfer');
    expect(outcome?.value._2).toEqual({ trackingId: 'offer-1', sender: alice, receiver: bob });
    // Never featured: no app reward or activity marker, though the provider holds a right.
    expect(createdOf(completed.record, amuletTemplateIds.appRewardCoupon)).toEqual([]);
    expect(createdOf(completed.record, amuletTemplateIds.featuredAppActivityMarker)).toEqual([]);
    for (const coupon of createdOf(completed.record, amuletTemplateIds.validatorRewardCoupon)) {
      expect(coupon.kind === 'created' && coupon.createArgument.user).toBe(alice);
    }
    expect(statuses([created.record, accepted.record, completed.record])).toEqual([
      'created',
      'accepted',
      'completed',
    ]);
  });

  it('converts USD at the open round price when the sender and wallet provider complete it', async () => {
    const setup = await offerSetup();
    const { net, alice, bob } = setup;
    const coin = await net.tap(alice, '500.0');
    const { offer } = await createOffer(setup, { amount: '1.0', unit: 'USDUnit' });
    const { accepted } = await acceptOffer(setup, offer);
    const { result } = await net.exercise([alice, net.validator], {
      templateId: walletReferences.acceptedTransferOffer,
      contractId: accepted,
      choice: 'AcceptedTransferOffer_Complete',
      choiceArgument: {
        inputs: [inputAmulet(coin)],
        transferContext: net.paymentContext(),
        walletProvider: net.validator,
      },
    });
    expect(net.balance(bob)).toBe(units('200.0'));
    expect(fieldOf(result, 'trackingInfo')).toEqual({
      trackingId: 'offer-1',
      sender: alice,
      receiver: bob,
    });
    expect(fieldOf(result, 'senderChangeAmulet')).not.toBeNull();
  });

  it('expire only after expiresAt on the simulated clock, and can no longer be accepted', async () => {
    const setup = await offerSetup();
    const { net, alice } = setup;
    const { offer } = await createOffer(setup);
    const expire = () =>
      installChoice(net, setup.aliceInstall, alice, 'WalletAppInstall_TransferOffer_Expire', {
        cid: offer,
      });
    await expectRejected(expire(), 'DAML_FAILURE', /Contract has expired/);
    net.advance(hourMicros);
    await expectRejected(acceptOffer(setup, offer), 'DAML_FAILURE', /Offer has not expired/);
    const expired = await expire();
    expect(transferOfferStatusUpdates(expired.record)).toEqual([
      { status: 'failed', trackingId: 'offer-1', failureKind: 'expired', withdrawnReason: null },
    ]);
  });
});
