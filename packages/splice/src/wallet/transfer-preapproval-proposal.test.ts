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
import { externalReferences } from '../external/amulet-references.ts';
import { fieldOf, textFieldOf } from '../wallet-payments/value-readers.ts';
import { walletReferences } from './wallet-references.ts';

const dayMicros = 86_400_000_000n;

type Outcome = { readonly tag: string; readonly value: Value };

async function batch(
  net: WalletNet,
  install: string,
  user: string,
  inputs: readonly string[],
  operations: unknown[],
) {
  const { result } = await net.exercise(
    [net.validator],
    {
      templateId: walletReferences.walletAppInstall,
      contractId: install,
      choice: 'WalletAppInstall_ExecuteBatch',
      choiceArgument: {
        context: net.paymentContext(),
        inputs: inputs.map(inputAmulet),
        operations,
      },
    },
    [user],
  );
  return fieldOf(result, 'outcomes') as readonly Outcome[];
}

async function preapprovalSetup() {
  const net = await startWalletNet();
  const [alice, bob] = [await net.party('alice'), await net.party('bob')];
  const validatorInstall = await net.install(net.validator, 'administrator');
  const aliceInstall = await net.install(alice, 'alice');
  const proposal = await net.create([bob], walletReferences.transferPreapprovalProposal, {
    receiver: bob,
    provider: net.validator,
    expectedDso: net.dso,
  });
  const expiresAt = formatTime(net.ledger.clock.nowMicros() + 30n * dayMicros);
  return { net, alice, bob, validatorInstall, aliceInstall, proposal, expiresAt };
}

describe('TransferPreapprovalProposal', () => {
  it('is accepted by the provider through its wallet, and the receiver can then be paid in one step', async () => {
    const { net, alice, bob, validatorInstall, aliceInstall, proposal, expiresAt } =
      await preapprovalSetup();
    const fees = await net.tap(net.validator, '100.0');
    const [accepted] = await batch(
      net,
      validatorInstall,
      net.validator,
      [fees],
      [
        {
          tag: 'CO_AcceptTransferPreapprovalProposal',
          value: { preapprovalProposalCid: proposal, expiresAt },
        },
      ],
    );
    expect(accepted?.tag).toBe('COO_AcceptTransferPreapprovalProposal');
    const [preapproval] = net.ledger.active(externalReferences.transferPreapproval);
    expect(preapproval?.contractId).toBe(accepted?.value);
    expect(preapproval?.payload).toMatchObject({
      receiver: bob,
      provider: net.validator,
      dso: net.dso,
      expiresAt,
    });
    const coin = await net.tap(alice, '50.0');
    const [sent] = await batch(
      net,
      aliceInstall,
      alice,
      [coin],
      [
        {
          tag: 'CO_TransferPreapprovalSend',
          value: {
            transferPreapprovalCid: accepted?.value,
            providerFeaturedAppRightCid: null,
            amount: '20.0',
            description: 'rent',
          },
        },
      ],
    );
    expect(sent?.tag).toBe('COO_TransferPreapprovalSend');
    expect(net.balance(bob)).toBe(units('20.0'));
    expect(net.balance(alice)).toBe(units('30.0'));
  });

  it('can be accepted directly by the provider, but not by the receiver', async () => {
    const { net, bob, proposal, expiresAt } = await preapprovalSetup();
    const fees = await net.tap(net.validator, '100.0');
    const accept = (actAs: string) =>
      net.exercise(
        [actAs],
        {
          templateId: walletReferences.transferPreapprovalProposal,
          contractId: proposal,
          choice: 'TransferPreapprovalProposal_Accept',
          choiceArgument: { context: net.paymentContext(), inputs: [inputAmulet(fees)], expiresAt },
        },
        [bob, net.validator],
      );
    await expectRejected(accept(bob), 'DAML_AUTHORIZATION_ERROR', /missing/);
    const { result } = await accept(net.validator);
    expect(textFieldOf(result, 'transferPreapprovalCid')).toBe(
      net.ledger.active(externalReferences.transferPreapproval)[0]?.contractId,
    );
  });

  it('through a wallet is only for the validator’s own install', async () => {
    const { net, alice, aliceInstall, proposal, expiresAt } = await preapprovalSetup();
    const coin = await net.tap(alice, '100.0');
    const accept = batch(
      net,
      aliceInstall,
      alice,
      [coin],
      [
        {
          tag: 'CO_AcceptTransferPreapprovalProposal',
          value: { preapprovalProposalCid: proposal, expiresAt },
        },
      ],
    );
    await expectRejected(accept, 'DAML_FAILURE', /Only a validator can accept/);
  });
});
