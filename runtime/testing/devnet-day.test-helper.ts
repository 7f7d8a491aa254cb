import type { PocketnetNode } from '../src/node/create-node.ts';
import { type Caller, unrestrictedCaller } from '../src/services/caller.ts';
import { applyFixture, parseFixture } from '../src/time-machine/apply-fixture.ts';

// A day of a devnet that touches most holders' state (issue 23's state sections): taps,
// preapprovals, a transfer by preapproval, an open offer, a name, time moving on.

export const userCaller = (userId: string): Caller => ({
  kind: 'user',
  userId,
  identityProviderId: '',
});
const minute = 60_000_000n;

/** Taps, preapprovals, a transfer by preapproval, an open offer, a name, time moving on. */
export async function devnetDay(node: PocketnetNode): Promise<void> {
  const fixture = parseFixture({
    parties: ['bank'],
    users: [
      { name: 'alice', tap: 100, preapproval: true },
      { name: 'bob', tap: 50, names: ['bob.unverified.ans'] },
    ],
  });
  const { users } = await applyFixture(node, fixture);
  const [alice = '', bob = ''] = [users.alice, users.bob];
  await node.wallet.preapprovals.send(userCaller('bob'), {
    receiver: alice,
    amount: '5',
    deduplicationId: 'rent',
  });
  await node.wallet.offers.create(userCaller('alice'), {
    receiver: bob,
    amount: '7',
    description: 'books',
    expiresAtMicros: node.clock.nowMicros() + 60n * minute,
    trackingId: 'books',
  });
  await node.devnet?.controls.advanceTime(unrestrictedCaller, 30n * minute);
}

/** The validator onboards alice, both tap, and the validator offers alice 10, which she accepts. */
export async function tapsAndAnAcceptedOffer(node: PocketnetNode): Promise<void> {
  const validator = userCaller(node.wallet.validatorUser().userName);
  const alice = await node.wallet.onboarding.onboardUser(validator, { name: 'alice' });
  await node.wallet.balances.tap(validator, { amountUsd: '100', commandId: 'tap-1' });
  await node.wallet.balances.tap(userCaller('alice'), { amountUsd: '50' });
  const offer = await node.wallet.offers.create(validator, {
    receiver: alice,
    amount: '10',
    description: 'lunch',
    expiresAtMicros: node.clock.nowMicros() + 3_600_000_000n,
    trackingId: 'offer-1',
  });
  await node.wallet.offers.accept(userCaller('alice'), offer.offerContractId);
}

/** Waits until the node's automations stop committing (the ledger end holds still). */
export async function settled(node: PocketnetNode): Promise<void> {
  let end = -1;
  while (end !== node.engine.ledgerEnd()) {
    end = node.engine.ledgerEnd();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
