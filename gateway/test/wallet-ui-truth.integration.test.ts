import { join } from 'node:path';
import { type Client, createClient } from '@pocketnet/client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, launchChromium } from './chromium.ts';
import { startTestNode, type TestNode } from './test-node.ts';
import {
  goTo,
  offerRow,
  onboard,
  openWalletPage,
  send,
  signIn,
  tap,
  type WalletPage,
  waitText,
} from './wallet-ui-browser.ts';

// The wallet page says what is so (issue 24): the live indicator on the sign-in page, parties by
// name with their whole id to copy, refusals that say what to do (and stay inside their card on
// a phone), one history line per event, what a tap gave and what traffic costs in coin. Bob's
// side is driven through packages/client, the typed client the page itself calls the node with.

const phone = { width: 390, height: 844 };

describe('the wallet page tells the truth', () => {
  let net: TestNode;
  let browser: Browser;
  let alice: WalletPage;
  let bob: Client;
  let bobParty: string;

  beforeAll(async () => {
    net = await startTestNode({ devnet: true });
    browser = await launchChromium();
    const anonymous = createClient({ baseUrl: net.url });
    bob = createClient({ baseUrl: net.url, token: await anonymous.devnet.devToken('bob') });
    bobParty = (await bob.wallet.register()).party_id;
    alice = await openWalletPage(browser, net.url);
    await alice.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: net.url,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await net?.close();
  });

  it('says the node is up on the sign-in page, and when it does not answer', async () => {
    await alice.page.locator('#live[data-status="up"]').waitFor();
    expect(await alice.page.locator('#live').textContent()).toContain('Node up');
    const page = (await openWalletPage(browser, net.url)).page;
    await page.route('**/readyz', (route) => route.abort());
    await page.reload();
    await page.locator('#live[data-status="down"]').waitFor();
    expect(await page.locator('#live').textContent()).toContain('Node not answering');
    await page.context().close();
  });

  it('says what is wrong with a user name, and what to do', async () => {
    await alice.page.getByLabel('User name').fill('alice smith');
    await alice.page.getByRole('button', { name: 'Sign in' }).click();
    await waitText(alice.page, '#login-error', 'no spaces');
    expect(await alice.page.locator('#login-error').textContent()).toBe(
      "A user name has only letters, digits and @^$.!`-#+'~_|: — no spaces. Try again without them.",
    );
  });

  it('says how much coin a tap gave', async () => {
    await signIn(alice.page, 'alice');
    await onboard(alice.page);
    await tap(alice.page, '10', '2,000.00');
    // The devnet's coin is at 0.005 USD: 10 USD buys 2,000 coin.
    await waitText(alice.page, '.toast', 'Tapped 10.00 USD: 2,000.00 CC.');
  });

  it('names each party, with a button that copies its whole id', async () => {
    const aliceParty = (await alice.page.locator('#my-party').textContent()) ?? '';
    // Every party of this participant has the same fingerprint: the names tell them apart.
    expect(aliceParty.split('::')[1]).toBe(bobParty.split('::')[1]);
    const account = alice.page.locator('#account');
    expect(await account.locator('.party-name').textContent()).toBe('alice');
    await account.getByRole('button', { name: 'Copy the party id of alice' }).click();
    expect(await alice.page.evaluate(() => navigator.clipboard.readText())).toBe(aliceParty);

    await send(alice.page, { receiver: bobParty, amount: '5', description: 'tea', mode: 'offer' });
    const row = offerRow(alice.page, 'outgoing', 'tea');
    await row.waitFor();
    expect(await row.locator('.party-name').textContent()).toBe('bob');
    await row.getByRole('button', { name: 'Copy the party id of bob' }).click();
    await row
      .getByRole('button', { name: 'Copy the party id of bob' })
      .getByText('Copied')
      .waitFor();
    expect(await alice.page.evaluate(() => navigator.clipboard.readText())).toBe(bobParty);
  });

  it('lists one line for one acceptance in the history', async () => {
    const { offers } = await bob.wallet.offers();
    const tea = offers.find((offer) => offer.payload.description === 'tea');
    await bob.wallet.offerAction(tea?.contract_id ?? '', 'accept');
    await offerRow(alice.page, 'outgoing', /waiting|your wallet pays/i).waitFor();
    await goTo(alice.page, 'History');
    const accepted = alice.page.locator('#history-items li', {
      hasText: 'Transfer offer accepted',
    });
    await accepted.waitFor();
    const text = (await accepted.textContent()) ?? '';
    expect(text.split('Transfer offer accepted')).toHaveLength(2);
    await alice.page.screenshot({ path: join(artifacts, 'wallet-truth-history.png') });
  });

  it('prices traffic in coin, before buying and for each purchase', async () => {
    await goTo(alice.page, 'Traffic');
    // The devnet's 16.67 USD per MB at 0.005 USD per coin.
    await waitText(alice.page, '#traffic-price', '16.67 USD: about 3,334.00 CC');
    await alice.page.getByLabel('Traffic (bytes)').fill('2,000,000');
    await waitText(alice.page, '#traffic-price', '33.34 USD: about 6,668.00 CC');
    await alice.page.getByRole('button', { name: 'Buy traffic' }).click();
    const purchase = alice.page.locator('#traffic-purchases li', { hasText: '2,000,000 bytes' });
    await purchase.waitFor();
    expect(await purchase.locator('.traffic-price').textContent()).toBe('≈ 6,668.00 CC');
    await alice.page.screenshot({ path: join(artifacts, 'wallet-truth-traffic.png') });
  });

  it('keeps a long id in an error inside its card, the buttons on a phone’s screen', async () => {
    await alice.page.setViewportSize(phone);
    await goTo(alice.page, 'Wallet');
    const stranger = `stranger::1220${'ab'.repeat(32)}`;
    await send(alice.page, { receiver: stranger, amount: '1', mode: 'offer' });
    const error = alice.page.locator('#send .error');
    await error.waitFor();
    expect(await error.textContent()).toBe(
      `No party ${stranger} is known on this network. Check the id (copy it from its owner) or use a registered name.`,
    );
    const card = await alice.page.locator('#send').boundingBox();
    const box = await error.boundingBox();
    expect(box && card && box.x + box.width <= card.x + card.width).toBe(true);
    const sendButton = await alice.page
      .getByRole('button', { name: 'Send', exact: true })
      .boundingBox();
    expect(sendButton && sendButton.x + sendButton.width <= phone.width).toBe(true);
    expect(await alice.page.evaluate(() => document.documentElement.scrollWidth)).toBe(phone.width);
    await error.scrollIntoViewIfNeeded();
    await alice.page.screenshot({ path: join(artifacts, 'wallet-truth-error-phone.png') });
    expect(alice.problems).toEqual([]);
  });
});
