import { formatNumeric } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import type { WalletNet } from '../../testing/wallet-ledger.test-helper.ts';
import { expectRejected, startWalletNet } from '../../testing/wallet-ledger.test-helper.ts';
import { amuletTemplateIds } from '../amulet/amulet-references.ts';
import { externalReferences } from '../external/amulet-references.ts';
import { textFieldOf } from '../wallet-payments/value-readers.ts';
import { mergeReferences } from './merge-types.ts';

const hourMicros = 3_600_000_000n;
const iso = (micros: bigint) => new Date(Number(micros / 1000n)).toISOString();

async function delegate(net: WalletNet, owner: string): Promise<string> {
  const proposal = await net.create([owner], mergeReferences.mergeDelegationProposal, {
    delegation: { operator: net.validator, owner, meta: { values: {} } },
  });
  const { result } = await net.exercise([net.validator], {
    templateId: mergeReferences.mergeDelegationProposal,
    contractId: proposal,
    choice: 'MergeDelegationProposal_Accept',
    choiceArgument: {},
  });
  return textFieldOf(result, 'mergeDelegationCid');
}

/** The registry's newest ExternalPartyConfigState: the factory prices from it. */
function configState(net: WalletNet): string {
  const state = net.ledger.active(amuletTemplateIds.externalPartyConfigState).at(-1);
  if (state === undefined) throw new Error('no ExternalPartyConfigState');
  return state.contractId;
}

/** The owner's self-transfer of all its holdings through the amulet registry's factory. */
function selfTransfer(net: WalletNet, factory: string, owner: string) {
  const holdings = net.amulets(owner);
  const now = net.ledger.clock.nowMicros();
  const amount = holdings.reduce((sum, { amount: held }) => sum + held, 0n);
  return {
    factoryCid: factory,
    choiceArg: {
      expectedAdmin: net.dso,
      transfer: {
        sender: owner,
        receiver: owner,
        amount: formatNumeric(amount),
        instrumentId: { admin: net.dso, id: 'Amulet' },
        requestedAt: iso(now - 1_000_000n),
        executeBefore: iso(now + hourMicros),
        inputHoldingCids: holdings.map(({ contractId }) => contractId),
        meta: { values: {} },
      },
      extraArgs: {
        context: {
          values: {
            'amulet-rules': { tag: 'AV_ContractId', value: net.amuletRules },
            'open-round': { tag: 'AV_ContractId', value: net.openRound() },
            'external-party-config-state': { tag: 'AV_ContractId', value: configState(net) },
          },
        },
        meta: { values: {} },
      },
    },
  };
}

async function mergeSetup() {
  const net = await startWalletNet();
  const [alice, bob] = [await net.party('alice'), await net.party('bob')];
  const factory = await net.create([net.dso], externalReferences.externalPartyAmuletRules, {
    dso: net.dso,
  });
  const utility = await net.create([net.validator], mergeReferences.batchMergeUtility, {
    operator: net.validator,
  });
  return { net, alice, bob, factory, utility };
}

async function tapMany(net: WalletNet, owner: string, count: number): Promise<void> {
  for (let index = 1; index <= count; index++) await net.tap(owner, `${index}.0`);
}

describe('merge delegations', () => {
  it('let the wallet provider batch-merge users with more than 10 holdings into fewer', async () => {
    const { net, alice, bob, factory, utility } = await mergeSetup();
    const [aliceDelegation, bobDelegation] = [await delegate(net, alice), await delegate(net, bob)];
    await tapMany(net, alice, 12);
    await tapMany(net, bob, 11);
    const [aliceTotal, bobTotal] = [net.balance(alice), net.balance(bob)];
    const mergeCall = (delegationCid: string, owner: string) => ({
      delegationCid,
      choiceArg: {
        optMergeTransfer: selfTransfer(net, factory, owner),
        optExtraTransfer: null,
        optFeaturedAppRight: null,
      },
    });
    const { result } = await net.exercise(
      [net.validator],
      {
        templateId: mergeReferences.batchMergeUtility,
        contractId: utility,
        choice: 'BatchMergeUtility_MergeHoldings',
        choiceArgument: {
          mergeCalls: [mergeCall(aliceDelegation, alice), mergeCall(bobDelegation, bob)],
        },
      },
      [alice, bob],
    );
    expect(net.amulets(alice).length).toBeLessThan(12);
    expect(net.amulets(alice)).toHaveLength(1);
    expect(net.amulets(bob)).toHaveLength(1);
    expect([net.balance(alice), net.balance(bob)]).toEqual([aliceTotal, bobTotal]);
    expect(result).toMatchObject({ operatorChangeMap: [] });
    expect((result as { results: unknown[] }).results).toHaveLength(2);
  });

  it('refuse a merge that does not reduce the number of holdings', async () => {
    const { net, alice, factory } = await mergeSetup();
    const delegation = await delegate(net, alice);
    await tapMany(net, alice, 1);
    const merge = net.exercise(
      [net.validator],
      {
        templateId: mergeReferences.mergeDelegation,
        contractId: delegation,
        choice: 'MergeDelegation_Merge',
        choiceArgument: {
          optMergeTransfer: selfTransfer(net, factory, alice),
          optExtraTransfer: null,
          optFeaturedAppRight: null,
        },
      },
      [alice],
    );
    await expectRejected(merge, 'DAML_FAILURE', /Number of sender input holdings 1/);
  });

  it('only merge through the delegation’s operator, and only the owner’s own holdings', async () => {
    const { net, alice, bob, factory, utility } = await mergeSetup();
    const delegation = await delegate(net, alice);
    await tapMany(net, bob, 3);
    const byOwner = net.exercise([alice], {
      templateId: mergeReferences.mergeDelegation,
      contractId: delegation,
      choice: 'MergeDelegation_Merge',
      choiceArgument: {
        optMergeTransfer: selfTransfer(net, factory, alice),
        optExtraTransfer: null,
        optFeaturedAppRight: null,
      },
    });
    await expectRejected(byOwner, 'DAML_AUTHORIZATION_ERROR', /missing/);
    const othersHoldings = net.exercise(
      [net.validator],
      {
        templateId: mergeReferences.batchMergeUtility,
        contractId: utility,
        choice: 'BatchMergeUtility_BatchMerge',
        choiceArgument: {
          mergeCalls: [
            {
              delegationCid: delegation,
              choiceArg: {
                optMergeTransfer: selfTransfer(net, factory, bob),
                optExtraTransfer: null,
                optFeaturedAppRight: null,
              },
            },
          ],
        },
      },
      [alice, bob],
    );
    await expectRejected(othersHoldings, 'DAML_FAILURE', /Unexpected self-transfer sender/);
    expect(net.amulets(bob)).toHaveLength(3);
  });

  it('proposals are rejected by the operator or withdrawn by the owner', async () => {
    const { net, alice } = await mergeSetup();
    const propose = () =>
      net.create([alice], mergeReferences.mergeDelegationProposal, {
        delegation: { operator: net.validator, owner: alice, meta: { values: {} } },
      });
    const choose = (actAs: string[], contractId: string, choice: string) =>
      net.exercise(actAs, {
        templateId: mergeReferences.mergeDelegationProposal,
        contractId,
        choice,
        choiceArgument: {},
      });
    const first = await propose();
    await expectRejected(
      choose([alice], first, 'MergeDelegationProposal_Accept'),
      'DAML_AUTHORIZATION_ERROR',
      /missing/,
    );
    await choose([net.validator], first, 'MergeDelegationProposal_Reject');
    await choose([alice], await propose(), 'MergeDelegationProposal_Withdraw');
    expect(net.ledger.active(mergeReferences.mergeDelegationProposal)).toEqual([]);
    expect(net.ledger.active(mergeReferences.mergeDelegation)).toEqual([]);
  });
});
