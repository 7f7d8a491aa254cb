import { exercise } from './ledger-fixtures.ts';
import {
  amuletRulesId,
  createdIn,
  inputAmulet,
  submitTree,
  type Tree,
  tap,
  transferContext,
} from './splice-amulet-calls.ts';
import {
  activeContracts,
  interfaceFilter,
  nodeTime,
  type Payload,
  type SpliceNode,
  spliceIds,
  templateFilter,
} from './splice-fixtures.ts';

// What Splice's validator does for a wallet user over the Ledger API, for tests that need it
// done: install the user's wallet, give the user a TransferPreapproval, list the user's holdings
// and what the operator holds.

const dayMillis = 86_400_000;

/** `user` creates the WalletAppInstall of `endUser` (acting as it and the operator); its id. */
export async function installWallet(
  net: SpliceNode,
  user: string,
  endUser: { readonly party: string; readonly name: string },
): Promise<string> {
  const tree = await submitTree(net, {
    user,
    actAs: [endUser.party, net.operator],
    commands: [
      {
        CreateCommand: {
          templateId: spliceIds.walletAppInstall,
          createArguments: {
            dsoParty: net.dso,
            validatorParty: net.operator,
            endUserName: endUser.name,
            endUserParty: endUser.party,
          },
        },
      },
    ],
  });
  return createdIn(tree, spliceIds.walletAppInstall)[0]?.contractId ?? '';
}

/**
 * A TransferPreapproval for `days`: `receiver` (as `user`) proposes it, and the validator operator
 * accepts it, paying from a fresh tap of 100 amulet. The tree of the acceptance.
 */
export async function preapprove(
  net: SpliceNode,
  request: { readonly user: string; readonly receiver: string; readonly days: number },
): Promise<Tree> {
  const { user, receiver, days } = request;
  const proposal = await submitTree(net, {
    user,
    actAs: [receiver],
    readAs: [],
    commands: [
      {
        CreateCommand: {
          templateId: spliceIds.transferPreapprovalProposal,
          createArguments: { receiver, provider: net.operator, expectedDso: net.dso },
        },
      },
    ],
  });
  const [proposalEvent] = createdIn(proposal, spliceIds.transferPreapprovalProposal);
  const coin = (await tap(net, net.operatorUser, net.operator, '100.0')).amulet;
  const now = await nodeTime(net);
  return submitTree(net, {
    user: net.operatorUser,
    actAs: [net.operator],
    commands: [
      exercise(
        spliceIds.transferPreapprovalProposal,
        proposalEvent?.contractId ?? '',
        'TransferPreapprovalProposal_Accept',
        {
          context: { amuletRules: await amuletRulesId(net), context: await transferContext(net) },
          inputs: [inputAmulet(coin)],
          expiresAt: new Date(Date.parse(now) + days * dayMillis).toISOString(),
        },
      ),
    ],
  });
}

/** A party's holdings through the Holding interface, sorted: "amount" or "locked amount". */
export async function holdingAmounts(
  net: SpliceNode,
  user: string,
  party: string,
): Promise<string[]> {
  return (await activeContracts(net, { user, party, filter: interfaceFilter(spliceIds.holding) }))
    .map((event) => event.interfaceViews[0]?.viewValue as { amount: string; lock: unknown })
    .map((view) => `${view.lock === null ? '' : 'locked '}${view.amount}`)
    .sort();
}

/** The payloads of the `templateId` contracts the validator operator sees. */
export async function operatorPayloads(net: SpliceNode, templateId: string): Promise<Payload[]> {
  const events = await activeContracts(net, {
    user: net.operatorUser,
    party: net.operator,
    filter: templateFilter(templateId),
  });
  return events.map((event) => event.createArgument);
}
