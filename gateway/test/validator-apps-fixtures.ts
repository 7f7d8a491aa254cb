import { expect } from 'vitest';
import { allocateParty, createdIds, createUser, submitTree } from './ledger-fixtures.ts';
import { ok, type ValidatorNode } from './validator-fixtures.ts';

// What the tests of the validator app's apps (scan proxy, names, payments, subscriptions,
// delegations, allocations) do besides calling it: tap, move the clock, start an app.

/** Taps `amount` USD worth of amulet into the user's wallet; the new amulet's contract id. */
export async function tapFor(net: ValidatorNode, user: string, amount: string): Promise<string> {
  const tapped = await ok<{ contract_id: string }>(net, '/v0/wallet/tap', {
    user,
    body: { amount },
  });
  return tapped.contract_id;
}

/** Moves the devnet's clock on (everything due on the way runs first). */
export async function advance(net: ValidatorNode, seconds: number): Promise<void> {
  const response = await net.node.call('/api/devnet/v0/time/advance', { body: { seconds } });
  expect(response.status, await response.clone().text()).toBe(200);
}

/**
 * An app on the ledger: its provider party, a receiver party, and a ledger user that acts for
 * both and for the paying users named (all signatories of an app's payment request).
 */
export async function startApp(net: ValidatorNode, payers: readonly string[]) {
  const provider = await allocateParty(net.node, `app-${payers.length}-${Date.now()}`);
  const receiver = await allocateParty(net.node, `shop-${payers.length}-${Date.now()}`);
  const user = `app-user-${Date.now()}`;
  await createUser(net.node, user, [provider, receiver, ...payers], [net.dso]);
  /** Creates a template as the app and its payers; the new contract's id. */
  const create = async (templateId: string, createArguments: unknown, actAs: string[]) => {
    const body = {
      commands: [{ CreateCommand: { templateId, createArguments } }],
      commandId: `app-${Date.now()}-${Math.random()}`,
      actAs,
    };
    const created = createdIds((await submitTree(net.node, user, body)).transactionTree);
    const [id] = created;
    if (!id) throw new Error(`nothing created of ${templateId}`);
    return id;
  };
  return { provider, receiver, user, create };
}
