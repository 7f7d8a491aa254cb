import { describe, expect, it } from 'vitest';
import { synchronizerId } from '../../testing/splice-ledger.test-helper.ts';
import type { WalletNet } from '../../testing/wallet-ledger.test-helper.ts';
import {
  createdOf,
  expectRejected,
  inputAmulet,
  startWalletNet,
  units,
} from '../../testing/wallet-ledger.test-helper.ts';
import { amuletTemplateIds } from '../amulet/amulet-references.ts';
import { fieldOf, textFieldOf } from '../wallet-payments/value-readers.ts';
import { buyTrafficRequestStatusUpdates } from './tracking-status.ts';
import { walletReferences } from './wallet-references.ts';

const hourMicros = 3_600_000_000n;

async function trafficSetup() {
  const net = await startWalletNet();
  const alice = await net.party('alice');
  const install = await net.install(alice, 'alice');
  const call = (choice: string, choiceArgument: unknown) =>
    net.exercise(
      [net.validator],
      {
        templateId: walletReferences.walletAppInstall,
        contractId: install,
        choice,
        choiceArgument,
      },
      [alice],
    );
  return { net, alice, install, call };
}

async function requestTraffic(setup: Awaited<ReturnType<typeof trafficSetup>>, trackingId: string) {
  const expiresAt = new Date(
    Number((setup.net.ledger.clock.nowMicros() + hourMicros) / 1000n),
  ).toISOString();
  const { record, result } = await setup.call('WalletAppInstall_CreateBuyTrafficRequest', {
    memberId: 'PAR::other-validator::1220abcd',
    synchronizerId,
    migrationId: '0',
    trafficAmount: '1000000',
    expiresAt,
    trackingId,
  });
  return { record, request: textFieldOf(result, 'buyTrafficRequest') };
}

function completeInBatch(
  net: WalletNet,
  call: Awaited<ReturnType<typeof trafficSetup>>['call'],
  request: string,
  coin: string,
) {
  return call('WalletAppInstall_ExecuteBatch', {
    context: net.paymentContext(),
    inputs: [inputAmulet(coin)],
    operations: [{ tag: 'CO_CompleteBuyTrafficRequest', value: { trafficRequestCid: request } }],
  });
}

describe('BuyTrafficRequest', () => {
  it('buys traffic for any validator: burns 1 MB × 16.67 USD / 0.005 and creates MemberTraffic', async () => {
    const setup = await trafficSetup();
    const { net, alice } = setup;
    const coin = await net.tap(alice, '5000.0');
    const created = await requestTraffic(setup, 'traffic-1');
    const completed = await completeInBatch(net, setup.call, created.request, coin);
    // 1 000 000 bytes at 16.67 USD per MB is 16.67 USD, 3334 CC at 0.005 USD per CC.
    expect(net.balance(alice)).toBe(units('1666.0'));
    const [traffic] = createdOf(completed.record, amuletTemplateIds.memberTraffic);
    expect(traffic?.kind === 'created' && traffic.createArgument).toMatchObject({
      memberId: 'PAR::other-validator::1220abcd',
      totalPurchased: '1000000',
      amuletSpent: '3334.0000000000',
    });
    const [outcome] = fieldOf(completed.result, 'outcomes') as readonly { tag: string }[];
    expect(outcome?.tag).toBe('COO_CompleteBuyTrafficRequest');
    expect([created.record, completed.record].flatMap(buyTrafficRequestStatusUpdates)).toEqual([
      { status: 'created', trackingId: 'traffic-1' },
      { status: 'completed', trackingId: 'traffic-1', transactionId: completed.record.updateId },
    ]);
    expect(net.ledger.active(walletReferences.buyTrafficRequest)).toEqual([]);
  });

  it('fails with reason expired once expiresAt has passed', async () => {
    const setup = await trafficSetup();
    const { net, alice } = setup;
    const coin = await net.tap(alice, '5000.0');
    const { request } = await requestTraffic(setup, 'traffic-late');
    net.advance(hourMicros);
    const late = await completeInBatch(net, setup.call, request, coin);
    expect(fieldOf(late.result, 'outcomes')).toEqual([
      {
        tag: 'COO_Error',
        value: {
          tag: 'ITR_Other',
          value: { description: "The requirement 'Contract has not expired' was not met." },
        },
      },
    ]);
    expect(net.balance(alice)).toBe(units('5000.0'));
    const direct = net.exercise([alice, net.validator], {
      templateId: walletReferences.buyTrafficRequest,
      contractId: request,
      choice: 'BuyTrafficRequest_Complete',
      choiceArgument: {
        inputs: [inputAmulet(coin)],
        context: net.paymentContext(),
        walletProvider: net.validator,
      },
    });
    await expectRejected(direct, 'DAML_FAILURE', /Contract has not expired/);
    const expired = await setup.call('WalletAppInstall_BuyTrafficRequest_Expire', {
      requestCid: request,
    });
    expect(buyTrafficRequestStatusUpdates(expired.record)).toEqual([
      {
        status: 'failed',
        trackingId: 'traffic-late',
        failureReason: 'expired',
        rejectionReason: null,
      },
    ]);
  });

  it('is cancelled with a reason before it expires', async () => {
    const setup = await trafficSetup();
    const { request } = await requestTraffic(setup, 'traffic-cancel');
    const cancelled = await setup.call('WalletAppInstall_BuyTrafficRequest_Cancel', {
      requestCid: request,
      reason: 'insufficient funds',
    });
    expect(buyTrafficRequestStatusUpdates(cancelled.record)).toEqual([
      {
        status: 'failed',
        trackingId: 'traffic-cancel',
        failureReason: 'rejected',
        rejectionReason: 'insufficient funds',
      },
    ]);
  });

  it('cannot be completed without enough funds', async () => {
    const setup = await trafficSetup();
    const { net, alice } = setup;
    const coin = await net.tap(alice, '10.0');
    const { request } = await requestTraffic(setup, 'traffic-poor');
    await expectRejected(
      completeInBatch(net, setup.call, request, coin),
      'DAML_FAILURE',
      /insufficient-funds/,
    );
    expect(net.balance(alice)).toBe(units('10.0'));
  });
});
