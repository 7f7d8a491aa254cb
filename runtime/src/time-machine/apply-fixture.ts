import { DomainError } from '@pocketnet/ledger';
import { type Fixture, type FixtureUser, fixtureSchema } from '@pocketnet/schema';
import type { PocketnetNode } from '../node/create-node.ts';
import { type Caller, unrestrictedCaller } from '../services/caller.ts';

/** A fixture's text, parsed (YAML or JSON) by the caller, checked: the first problem, plainly. */
export function parseFixture(value: unknown): Fixture {
  const parsed = fixtureSchema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'the fixture';
  throw new DomainError('INVALID_ARGUMENT', `${where}: ${issue?.message ?? 'invalid'}`);
}

/** What a fixture made: each name's party id. */
export type AppliedFixture = {
  readonly parties: Readonly<Record<string, string>>;
  readonly users: Readonly<Record<string, string>>;
};

const userCaller = (userId: string): Caller => ({ kind: 'user', userId, identityProviderId: '' });

/** Runs the due work (the SV's name service collecting a payment) until `done` or 20 rounds. */
async function untilDone(node: PocketnetNode, done: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 20 && !done(); attempt += 1) {
    await node.automation.schedule.runDue();
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!done()) throw new Error(`the fixture's ${what} did not complete`);
}

async function delegateMerges(node: PocketnetNode, party: string): Promise<void> {
  const { contracts } = node.wallet;
  const operator = node.wallet.validatorUser().userName;
  const delegated = () => contracts.of(party, 'mergeDelegation').length > 0;
  for (const proposal of contracts.of(party, 'mergeDelegationProposal')) {
    // The automation may accept it first: then the delegation is there all the same.
    await node.wallet.mergeDelegations
      .accept(userCaller(operator), proposal.node.contractId)
      .catch(() => {});
  }
  await untilDone(node, delegated, `merge delegation of ${party}`);
}

async function buyName(node: PocketnetNode, user: string, name: string): Promise<void> {
  const caller = userCaller(user);
  const created = await node.walletApps.ans.create(caller, { name, url: '', description: '' });
  await node.walletApps.subscriptions.acceptRequest(caller, created.subscriptionRequestCid);
  const bought = () => node.walletApps.ans.list(caller).some((entry) => entry.name === name);
  await untilDone(node, bought, `name ${name}`);
}

async function applyUser(node: PocketnetNode, user: FixtureUser): Promise<string> {
  const caller = userCaller(user.name);
  const admin = unrestrictedCaller;
  const party = await node.wallet.onboarding.onboardUser(admin, { name: user.name });
  if (user.tap !== undefined)
    await node.wallet.balances.tap(caller, { amountUsd: String(user.tap) });
  if (user.preapproval) await node.wallet.preapprovals.createOwn(caller);
  if (user.mergeDelegation) await delegateMerges(node, party);
  for (const name of user.names) await buyName(node, user.name, name);
  return party;
}

/**
 * Creates what a fixture names, through the node's own services as its operator would through
 * the API: parties, then each user (onboarded, tapped, preapproved, delegated, named) in order.
 */
export async function applyFixture(node: PocketnetNode, fixture: Fixture): Promise<AppliedFixture> {
  if (!node.devnet && fixture.users.length > 0) {
    throw new DomainError(
      'INVALID_ARGUMENT',
      'A fixture with users needs a devnet (no --no-devnet)',
    );
  }
  const parties: Record<string, string> = {};
  for (const hint of fixture.parties) {
    // On the global synchronizer, as the devnet's own parties: a node on several must be told.
    const allocated = await node.admin.allocateParty(unrestrictedCaller, {
      partyIdHint: hint,
      synchronizerId: node.identity.synchronizerId,
    });
    parties[hint] = allocated.party;
  }
  const users: Record<string, string> = {};
  for (const user of fixture.users) users[user.name] = await applyUser(node, user);
  return { parties, users };
}
