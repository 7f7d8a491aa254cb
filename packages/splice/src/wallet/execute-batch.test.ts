import { describe, expect, it } from 'vitest';
import { synchronizerId } from '../../testing/splice-ledger.test-helper.ts';
import type { WalletNet } from '../../testing/wallet-ledger.test-helper.ts';
import {
  expectRejected,
  inputAmulet,
  startWalletNet,
  units,
} from '../../testing/wallet-ledger.test-helper.ts';
import { fieldOf } from '../wallet-payments/value-readers.ts';
import { walletReferences } from './wallet-references.ts';

type Outcome = { readonly tag: string; readonly value: unknown };

async function batch(
  net: WalletNet,
  install: string,
  user: string,
  argument: { inputs: unknown[]; operations: unknown[] },
) {
  const { record, result } = await net.exercise(
    [net.validator],
    {
      templateId: walletReferences.walletAppInstall,
      contractId: install,
      choice: 'WalletAppInstall_ExecuteBatch',
      choiceArgument: { context: net.paymentContext(), ...argument },
    },
    [user],
  );
  return { record, result, outcomes: fieldOf(result, 'outcomes') as readonly Outcome[] };
}

describe('WalletAppInstall_ExecuteBatch', () => {
  it('taps and merges in one batch, threading the tapped coin into the merge', async () => {
    const net = await startWalletNet();
    const alice = await net.party('alice');
    const install = await net.install(alice, 'alice');
    const coins = [
      await net.tap(alice, '1.0'),
      await net.tap(alice, '2.0'),
      await net.tap(alice, '3.0'),
    ];
    const { result, outcomes } = await batch(net, install, alice, {
      inputs: coins.map(inputAmulet),
      operations: [
        { tag: 'CO_Tap', value: { tapAmount: '4.0' } },
        { tag: 'CO_MergeTransferInputs', value: {} },
      ],
    });
    expect(outcomes.map(({ tag }) => tag)).toEqual(['COO_Tap', 'COO_MergeTransferInputs']);
    const merged = net.amulets(alice);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.amount).toBe(units('10.0'));
    expect(outcomes[1]?.value).toBe(merged[0]?.contractId);
    expect(fieldOf(result, 'endUserName')).toBe('alice');
    expect(fieldOf(result, 'optEndUserParty')).toBe(alice);
  });

  it('passes the change of one operation on as the input of the next', async () => {
    const net = await startWalletNet();
    const alice = await net.party('alice');
    const install = await net.install(alice, 'alice');
    const { outcomes } = await batch(net, install, alice, {
      inputs: [],
      operations: [
        { tag: 'CO_Tap', value: { tapAmount: '5.0' } },
        { tag: 'CO_MergeTransferInputs', value: {} },
        { tag: 'CO_MergeTransferInputs', value: {} },
      ],
    });
    expect(outcomes.map(({ tag }) => tag)).toEqual([
      'COO_Tap',
      'COO_MergeTransferInputs',
      'COO_MergeTransferInputs',
    ]);
    expect(net.balance(alice)).toBe(units('5.0'));
  });

  it('is the validator operator’s alone', async () => {
    const net = await startWalletNet();
    const alice = await net.party('alice');
    const install = await net.install(alice, 'alice');
    const tap = net.exercise([alice], {
      templateId: walletReferences.walletAppInstall,
      contractId: install,
      choice: 'WalletAppInstall_ExecuteBatch',
      choiceArgument: {
        context: net.paymentContext(),
        inputs: [],
        operations: [{ tag: 'CO_Tap', value: { tapAmount: '1.0' } }],
      },
    });
    await expectRejected(tap, 'DAML_AUTHORIZATION_ERROR', /missing/);
    expect(net.balance(alice)).toBe(0n);
  });

  it('refuses to merge another party’s coin', async () => {
    const net = await startWalletNet();
    const [alice, bob] = [await net.party('alice'), await net.party('bob')];
    const install = await net.install(alice, 'alice');
    const bobs = await net.tap(bob, '7.0');
    const merge = batch(net, install, alice, {
      inputs: [inputAmulet(bobs)],
      operations: [{ tag: 'CO_MergeTransferInputs', value: {} }],
    });
    await expect(merge).rejects.toThrow();
    expect(net.balance(bob)).toBe(units('7.0'));
  });
});

describe('CO_BuyMemberTraffic', () => {
  it('buys the validator’s own traffic, rate-limited by its ValidatorTopUpState', async () => {
    const net = await startWalletNet();
    const install = await net.install(net.validator, 'administrator');
    const member = 'PAR::validator::1220beef';
    const topUpState = await net.create(
      [net.validator],
      '#splice-wallet:Splice.Wallet.TopUpState:ValidatorTopUpState',
      {
        ...{
          dso: net.dso,
          validator: net.validator,
          memberId: member,
          synchronizerId,
          migrationId: '0',
        },
        lastPurchasedAt: '0001-01-01T00:00:00Z',
      },
    );
    const buy = async (state: string) =>
      batch(net, install, net.validator, {
        inputs: [inputAmulet(await net.tap(net.validator, '4000.0'))],
        operations: [
          {
            tag: 'CO_BuyMemberTraffic',
            value: {
              trafficAmount: '1000000',
              memberId: member,
              synchronizerId,
              migrationId: '0',
              minTopupInterval: { microseconds: '600000000' },
              topupStateCid: state,
            },
          },
        ],
      });
    const { outcomes } = await buy(topUpState);
    expect(outcomes.map(({ tag }) => tag)).toEqual(['COO_BuyMemberTraffic']);
    const [state] = net.ledger.active(
      '#splice-wallet:Splice.Wallet.TopUpState:ValidatorTopUpState',
    );
    await expectRejected(buy(state?.contractId ?? ''), 'DAML_FAILURE', /enough time has elapsed/);
  });
});
