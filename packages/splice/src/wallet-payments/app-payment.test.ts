import type { Value } from '@pocketnet/ledger';
import { formatTime } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import type { WalletNet } from '../../testing/wallet-ledger.test-helper.ts';
import {
  expectRejected,
  inputAmulet,
  startWalletNet,
  units,
} from '../../testing/wallet-ledger.test-helper.ts';
import { amuletTemplateIds } from '../amulet/amulet-references.ts';
import { walletReferences } from '../wallet/wallet-references.ts';
import { paymentsReferences } from './payments-references.ts';
import { fieldOf, textFieldOf } from './value-readers.ts';

const hourMicros = 3_600_000_000n;

async function acceptRequest(
  net: WalletNet,
  payment: { install: string; alice: string; request: string; coin: string },
): Promise<string> {
  const operations = [{ tag: 'CO_AppPayment', value: payment.request }];
  const { result } = await net.exercise(
    [net.validator],
    {
      templateId: walletReferences.walletAppInstall,
      contractId: payment.install,
      choice: 'WalletAppInstall_ExecuteBatch',
      choiceArgument: {
        context: net.paymentContext(),
        inputs: [inputAmulet(payment.coin)],
        operations,
      },
    },
    [payment.alice],
  );
  const [outcome] = fieldOf(result, 'outcomes') as readonly { tag: string; value: Value }[];
  return String(outcome?.value);
}

async function paymentSetup() {
  const net = await startWalletNet();
  const [alice, shop, app] = [
    await net.party('alice'),
    await net.party('shop'),
    await net.party('app'),
  ];
  const install = await net.install(alice, 'alice');
  const request = await net.create([alice, shop, app], paymentsReferences.appPaymentRequest, {
    sender: alice,
    receiverAmounts: [{ receiver: shop, amount: { amount: '0.5', unit: 'USDUnit' } }],
    provider: app,
    dso: net.dso,
    expiresAt: formatTime(net.ledger.clock.nowMicros() + hourMicros),
    description: 'a coffee',
  });
  const accept = (coin: string) => acceptRequest(net, { install, alice, request, coin });
  const appContext = () => ({
    amuletRules: net.amuletRules,
    openMiningRound: net.openRound(),
    featuredAppRight: null,
  });
  return { net, alice, shop, app, request, accept, appContext };
}

describe('app payments', () => {
  it('lock the sender’s amulet on acceptance and pay the receivers on collection', async () => {
    const { net, alice, shop, app, accept, appContext } = await paymentSetup();
    const accepted = await accept(await net.tap(alice, '300.0'));
    // 0.5 USD at 0.005 USD per CC: 100 CC locked to the provider and the receiver.
    expect(net.balance(alice)).toBe(units('200.0'));
    const [locked] = net.ledger.active(amuletTemplateIds.lockedAmulet);
    expect(fieldOf(locked?.payload ?? null, 'lock')).toMatchObject({ holders: [app, shop].sort() });
    const { result } = await net.exercise([alice, shop, app], {
      templateId: paymentsReferences.acceptedAppPayment,
      contractId: accepted,
      choice: 'AcceptedAppPayment_Collect',
      choiceArgument: { context: appContext() },
    });
    expect(net.balance(shop)).toBe(units('100.0'));
    expect(fieldOf(result, 'receiverAmulets')).toEqual([
      { _1: shop, _2: net.amulets(shop)[0]?.contractId },
    ]);
  });

  it('return the locked amulet to the sender when the receivers reject it', async () => {
    const { net, alice, shop, accept, appContext } = await paymentSetup();
    const accepted = await accept(await net.tap(alice, '300.0'));
    const { result } = await net.exercise(
      [shop],
      {
        templateId: paymentsReferences.acceptedAppPayment,
        contractId: accepted,
        choice: 'AcceptedAppPayment_Reject',
        choiceArgument: { context: appContext() },
      },
      [alice],
    );
    expect(net.balance(alice)).toBe(units('300.0'));
    expect(textFieldOf(fieldOf(result, 'amulet'), 'amuletPrice')).toBe('0.0050000000');
    expect(net.ledger.active(paymentsReferences.terminatedAppPayment)).toHaveLength(1);
  });

  it('cannot be accepted after the request expired', async () => {
    const { net, alice, accept } = await paymentSetup();
    const coin = await net.tap(alice, '300.0');
    net.advance(hourMicros);
    await expectRejected(accept(coin), 'DAML_FAILURE', /AppPaymentRequest has not expired/);
  });
});
