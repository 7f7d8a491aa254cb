import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestNode } from './test-node.ts';
import {
  goTo,
  offerRow,
  onboard,
  openTwoWallets,
  screenshot,
  send,
  signIn,
  tap,
  type WalletPage,
  waitText,
} from './wallet-ui-browser.ts';

// The wallet UI in Debian's headless Chromium against a real devnet node, two users in two
// browser contexts: both onboard, alice taps and offers, bob sees the offer arrive without a
// reload and accepts it, and both wallets show the transfer; then a one-step transfer, a
// withdrawn and a rejected offer, and a send that fails for lack of funds.

describe('the wallet page, two users', () => {
  let net: TestNode;
  let alice: WalletPage;
  let bob: WalletPage;
  let close: (() => Promise<void>) | undefined;
  let aliceParty: string;
  let bobParty: string;

  beforeAll(async () => {
    ({ net, alice, bob, close } = await openTwoWallets());
  });
  afterAll(() => close?.());

  /**
   * Splice completes an accepted offer in the sender's wallet automation; no automation runs in
   * this test node, so the test runs that step itself, through the wallet's service.
   */
  async function completeAcceptedOffers(user: string) {
    const response = await net.call('/api/validator/v0/wallet/accepted-transfer-offers', { user });
    const { accepted_offers: accepted } = (await response.json()) as {
      accepted_offers: Array<{ contract_id: string }>;
    };
    for (const offer of accepted) await net.node.wallet.offers.completeAccepted(offer.contract_id);
    return accepted.length;
  }

  it('signs both users in by name and onboards each with a fresh party', async () => {
    await screenshot(alice.page, 'sign-in');
    await signIn(alice.page, 'alice');
    expect(await alice.page.locator('#onboard-lead').textContent()).toMatch(/alice has no wallet/);
    await screenshot(alice.page, 'onboarding');
    aliceParty = await onboard(alice.page);
    await signIn(bob.page, 'bob');
    bobParty = await onboard(bob.page);
    expect(aliceParty).toMatch(/^alice::[0-9a-f]+$/);
    expect(bobParty).toMatch(/^bob::[0-9a-f]+$/);
    expect(aliceParty).not.toBe(bobParty);
    const status = await net.call('/api/validator/v0/wallet/user-status', { user: 'bob' });
    expect(await status.json()).toMatchObject({ party_id: bobParty, user_onboarded: true });
    await waitText(alice.page, '#balance-available', '0.00');
  }, 60_000);

  it('taps, offers, and the receiver sees the offer live and accepts it; both wallets show it', async () => {
    // 10 USD at the devnet's 0.005 USD per coin.
    await tap(alice.page, '10', '2,000.00');

    await send(alice.page, {
      receiver: bobParty,
      amount: '150',
      description: 'lunch',
      mode: 'offer',
    });
    await offerRow(alice.page, 'outgoing', 'lunch')
      .locator('[data-state="open.created"]')
      .waitFor();
    // Bob's page was opened before the offer existed: it arrives over the live subscription.
    const incoming = offerRow(bob.page, 'incoming', 'lunch');
    await incoming.locator('[data-state="open.created"]').waitFor();
    // Every party here has the participant's fingerprint: the name tells them apart, and the
    // button beside it copies the whole id.
    expect(await incoming.locator('.item-title .party-name').textContent()).toBe('alice');
    const copy = incoming.getByRole('button', { name: 'Copy the party id of alice' });
    expect(await copy.getAttribute('title')).toBe(aliceParty);
    await screenshot(bob.page, 'offer-incoming');
    await incoming.getByRole('button', { name: 'Accept' }).click();
    await offerRow(bob.page, 'incoming', /waiting for alice’s wallet to pay/).waitFor();
    await offerRow(alice.page, 'outgoing', /Accepted/).waitFor();

    expect(await completeAcceptedOffers('alice')).toBe(1);
    await waitText(alice.page, '#balance-available', '1,850.00');
    await waitText(bob.page, '#balance-available', '150.00');
    await bob.page.locator('#offers-incoming .empty').waitFor();
    await waitText(alice.page, '#workflows-ended', /Transfer offer.*to bob/);
    await alice.page
      .locator('#workflows-ended [data-machine="transfer-offer"][data-state="completed"]')
      .waitFor();
    await screenshot(alice.page, 'overview');

    for (const [wallet, sign] of [
      [alice, '−150.00'],
      [bob, '+150.00'],
    ] as const) {
      await goTo(wallet.page, 'History');
      const row = wallet.page.locator('#history-items li[data-type="transfer"]').first();
      await row.waitFor();
      expect(await row.locator('.item-title').textContent()).toMatch(/Transfer offer paid/);
      expect(await row.locator('.amount').textContent()).toBe(`${sign} CC`);
    }
    expect(await bob.page.locator('#history-items .item-title').first().textContent()).toMatch(
      /from alice/,
    );
    await screenshot(alice.page, 'history');
    for (const wallet of [alice, bob]) await goTo(wallet.page, 'Wallet');
  }, 60_000);

  it('pays a receiver that accepts one-step transfers in one step', async () => {
    await bob.page.getByRole('button', { name: 'Accept one-step transfers' }).click();
    await waitText(bob.page, '#preapproval-status', 'You accept one-step transfers');
    await send(alice.page, {
      receiver: bobParty,
      amount: '25',
      description: 'coffee',
      mode: 'one-step',
    });
    await waitText(alice.page, '#balance-available', '1,825.00');
    await waitText(bob.page, '#balance-available', '175.00');
    await goTo(bob.page, 'History');
    const row = bob.page.locator('#history-items li.item', { hasText: 'coffee' });
    await row.waitFor();
    expect(await row.locator('.item-title').textContent()).toMatch(/One-step transfer from alice/);
    expect(await row.locator('.amount').textContent()).toBe('+25.00 CC');
    await goTo(bob.page, 'Wallet');
  }, 60_000);

  it('withdraws an outgoing offer, and it leaves the receiver’s list', async () => {
    await send(alice.page, { receiver: bobParty, amount: '5', description: 'taxi', mode: 'offer' });
    await offerRow(bob.page, 'incoming', 'taxi').waitFor();
    await offerRow(alice.page, 'outgoing', 'taxi')
      .getByRole('button', { name: 'Withdraw' })
      .click();
    await offerRow(bob.page, 'incoming', 'taxi').waitFor({ state: 'detached' });
    await alice.page
      .locator('#workflows-ended [data-machine="transfer-offer"][data-state="withdrawn"]')
      .waitFor();
  }, 60_000);

  it('rejects an incoming offer, and the sender sees it rejected', async () => {
    await send(alice.page, {
      receiver: bobParty,
      amount: '7',
      description: 'parking',
      mode: 'offer',
    });
    await offerRow(bob.page, 'incoming', 'parking').getByRole('button', { name: 'Reject' }).click();
    await offerRow(alice.page, 'outgoing', 'parking').waitFor({ state: 'detached' });
    await alice.page
      .locator('#workflows-ended [data-machine="transfer-offer"][data-state="rejected"]')
      .waitFor();
  }, 60_000);

  it('says in words why a send fails, and sends nothing', async () => {
    const error = alice.page.locator('#send .error');
    await send(alice.page, { receiver: bobParty, amount: '1000000', mode: 'one-step' });
    await error.waitFor();
    // What to do, and how much is missing in coin, not the node's raw words.
    expect(await error.textContent()).toMatch(
      /^Not enough coin: this needs [\d,]+(\.\d+)? CC more than you hold, fees included\. Send less, or tap or receive coin first\.$/,
    );
    await screenshot(alice.page, 'send-error');
    await send(alice.page, { receiver: bobParty, amount: 'ten', mode: 'offer' });
    await waitText(alice.page, '#send .error', 'The amount must be a number, such as 12.5.');
    await send(alice.page, { receiver: 'nobody.unverified.ans', amount: '1', mode: 'offer' });
    await waitText(alice.page, '#send .error', /No one is registered as “nobody.unverified.ans”/);
    await waitText(alice.page, '#balance-available', '1,825.00');
    expect(await alice.page.getByLabel('Amount (CC)').inputValue()).toBe('1');
  }, 60_000);

  it('left no page errors', () => {
    expect([...alice.problems, ...bob.problems]).toEqual([]);
  });
});
