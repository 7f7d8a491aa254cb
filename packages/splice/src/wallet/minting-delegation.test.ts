import { formatTime } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import {
  expectRejected,
  inputAmulet,
  startWalletNet,
  units,
} from '../../testing/wallet-ledger.test-helper.ts';
import { textFieldOf } from '../wallet-payments/value-readers.ts';
import { walletReferences } from './wallet-references.ts';

const dayMicros = 86_400_000_000n;

async function delegationSetup() {
  const net = await startWalletNet();
  const beneficiary = await net.party('external-party');
  const expiresAt = formatTime(net.ledger.clock.nowMicros() + 30n * dayMicros);
  const delegation = {
    beneficiary,
    delegate: net.validator,
    dso: net.dso,
    expiresAt,
    amuletMergeLimit: '10',
  };
  const proposal = await net.create([beneficiary], walletReferences.mintingDelegationProposal, {
    delegation,
  });
  const proposalChoice = (actAs: string, choice: string, choiceArgument: unknown = {}) =>
    net.exercise([actAs], {
      templateId: walletReferences.mintingDelegationProposal,
      contractId: proposal,
      choice,
      choiceArgument,
    });
  return { net, beneficiary, proposalChoice };
}

describe('minting delegations', () => {
  it('let the delegate mint into the beneficiary’s own change until they expire', async () => {
    const { net, beneficiary, proposalChoice } = await delegationSetup();
    const { result } = await proposalChoice(net.validator, 'MintingDelegationProposal_Accept', {
      existingDelegationCid: null,
    });
    const delegationCid = textFieldOf(result, 'mintingDelegationCid');
    const coins = [await net.tap(beneficiary, '1.5'), await net.tap(beneficiary, '2.5')];
    const mint = () =>
      net.exercise(
        [net.validator],
        {
          templateId: walletReferences.mintingDelegation,
          contractId: delegationCid,
          choice: 'MintingDelegation_Mint',
          choiceArgument: {
            inputs: net.amulets(beneficiary).map(({ contractId }) => inputAmulet(contractId)),
            context: net.paymentContext(),
          },
        },
        [beneficiary],
      );
    await mint();
    expect(net.amulets(beneficiary)).toHaveLength(1);
    expect(net.balance(beneficiary)).toBe(units('4.0'));
    expect(coins).toHaveLength(2);
    net.advance(30n * dayMicros);
    await expectRejected(mint(), 'DAML_FAILURE', /expiresAt/);
  });

  it('replaces an existing delegation of the same delegate on acceptance', async () => {
    const first = await delegationSetup();
    const { net, beneficiary } = first;
    const accepted = await first.proposalChoice(net.validator, 'MintingDelegationProposal_Accept', {
      existingDelegationCid: null,
    });
    const expiresAt = formatTime(net.ledger.clock.nowMicros() + 60n * dayMicros);
    const delegation = {
      beneficiary,
      delegate: net.validator,
      dso: net.dso,
      expiresAt,
      amuletMergeLimit: '5',
    };
    const renewal = await net.create([beneficiary], walletReferences.mintingDelegationProposal, {
      delegation,
    });
    await net.exercise([net.validator], {
      templateId: walletReferences.mintingDelegationProposal,
      contractId: renewal,
      choice: 'MintingDelegationProposal_Accept',
      choiceArgument: {
        existingDelegationCid: textFieldOf(accepted.result, 'mintingDelegationCid'),
      },
    });
    const active = net.ledger.active(walletReferences.mintingDelegation);
    expect(active.map(({ payload }) => textFieldOf(payload, 'amuletMergeLimit'))).toEqual(['5']);
  });

  it('proposals are rejected by the delegate or withdrawn by the beneficiary, not the other way round', async () => {
    const { net, beneficiary, proposalChoice } = await delegationSetup();
    await expectRejected(
      proposalChoice(beneficiary, 'MintingDelegationProposal_Reject'),
      'DAML_AUTHORIZATION_ERROR',
      /missing/,
    );
    await proposalChoice(beneficiary, 'MintingDelegationProposal_Withdraw');
    expect(net.ledger.active(walletReferences.mintingDelegationProposal)).toEqual([]);
  });
});
