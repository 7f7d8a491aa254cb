import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocateParty, createdIds, createUser, submitTree } from './ledger-fixtures.ts';
import type { TestNode } from './test-node.ts';
import {
  goTo,
  graphqlAs,
  offerRow,
  openOnboardedWallets,
  openWalletPage,
  screenshot,
  send,
  signIn,
  tap,
  type WalletPage,
  waitLive,
  waitText,
} from './wallet-ui-browser.ts';

// The rest of the wallet in a real browser against a real devnet node: names, token transfers,
// traffic, holdings and history pages, minting and merge delegations (the operator's side too),
// signing in with a pasted token, and a phone's width driven by the keyboard.

const mintingModule = '#splice-wallet:Splice.Wallet.MintingDelegation';
const dayMillis = 86_400_000;

describe('the wallet page, every section', () => {
  let net: TestNode;
  let browser: Browser;
  let alice: WalletPage;
  let bob: WalletPage;
  let close: (() => Promise<void>) | undefined;
  let aliceParty: string;
  let bobParty: string;

  beforeAll(async () => {
    ({ net, browser, alice, bob, close, aliceParty, bobParty } = await openOnboardedWallets());
    await tap(alice.page, '50', '10,000.00');
    await tap(bob.page, '5', '1,000.00');
  }, 60_000);
  afterAll(() => close?.());

  const graphql = <T>(user: string, query: string) => graphqlAs<T>(net, user, query);

  it('registers a name, and another wallet sends to that name', async () => {
    await bob.page.getByLabel('Name', { exact: true }).fill('bob');
    await bob.page.getByRole('button', { name: 'Register and pay' }).click();
    // The name service's automation collects the payment and creates the entry; it arrives live.
    await waitText(bob.page, '#names-list', 'bob.unverified.ans');
    await bob.page.getByRole('button', { name: 'Accept one-step transfers' }).click();
    await waitText(bob.page, '#preapproval-status', 'You accept one-step transfers');
    // 1,000 tapped, less the name's fee of 1 USD (200 at 0.005 USD per coin).
    await waitText(bob.page, '#balance-available', '800.00');
    await send(alice.page, {
      receiver: 'bob.unverified.ans',
      amount: '12.5',
      description: 'by name',
      mode: 'one-step',
    });
    await waitText(bob.page, '#balance-available', '812.50');
    await goTo(bob.page, 'History');
    await waitText(bob.page, '#history-items li.item', 'by name');
    await goTo(bob.page, 'Wallet');
  }, 60_000);

  it('sends a token transfer that locks the coin until the receiver accepts it', async () => {
    // Alice takes no one-step transfers, so the transfer waits for her, with bob's coin locked.
    await send(bob.page, {
      receiver: aliceParty,
      amount: '40',
      description: 'locked',
      mode: 'token',
    });
    await waitText(bob.page, '#balance-locked', '40.00');
    const incoming = offerRow(alice.page, 'incoming', 'locked');
    await incoming.locator('[data-state="pending"]', { hasText: 'Waiting for you' }).waitFor();
    await offerRow(bob.page, 'outgoing', 'locked')
      .locator('[data-state="pending"]', { hasText: 'Waiting for alice' })
      .waitFor();
    await incoming.getByRole('button', { name: 'Accept' }).click();
    await incoming.waitFor({ state: 'detached' });
    await waitText(bob.page, '#balance-locked', '0.00');
    await bob.page
      .locator('#workflows-ended [data-machine="transfer-instruction"][data-state="completed"]')
      .waitFor();
    // To bob, who takes one-step transfers, a token transfer arrives at once.
    await send(alice.page, {
      receiver: bobParty,
      amount: '1',
      description: 'at once',
      mode: 'token',
    });
    await goTo(bob.page, 'History');
    const atOnce = bob.page.locator('#history-items li.item', { hasText: 'at once' });
    expect(await atOnce.locator('.amount').textContent()).toBe('+1.00 CC');
    await goTo(bob.page, 'Wallet');
  }, 60_000);

  it('buys traffic for this validator and follows the purchase to its end', async () => {
    // 10,000 tapped, 12.50 and 1 sent, 40 received.
    await waitText(alice.page, '#balance-available', '10,026.50');
    await goTo(alice.page, 'Traffic');
    expect(await alice.page.getByLabel('For validator').inputValue()).toMatch(/^administrator::/);
    // Less than the synchronizer sells at a time is refused before anything is asked for.
    await alice.page.getByLabel('Traffic (bytes)').fill('1000');
    await alice.page.getByRole('button', { name: 'Buy traffic' }).click();
    await waitText(
      alice.page,
      '#traffic .error',
      'Traffic is sold 200,000 bytes or more at a time.',
    );
    await alice.page.getByLabel('Traffic (bytes)').fill('1,000,000');
    await alice.page.getByRole('button', { name: 'Buy traffic' }).click();
    const purchase = alice.page.locator('#traffic-purchases li', { hasText: '1,000,000 bytes' });
    await purchase.locator('[data-state="created"]', { hasText: 'Waiting to be bought' }).waitFor();
    // The wallet automation buys the traffic; none runs in this test node, so the test does.
    const { wallet } = await graphql<{
      wallet: { trafficRequests: Array<{ contractId: string }> };
    }>('alice', '{ wallet { trafficRequests { contractId } } }');
    expect(wallet.trafficRequests).toHaveLength(1);
    for (const request of wallet.trafficRequests) {
      await net.node.wallet.traffic.complete(request.contractId);
    }
    await purchase.locator('[data-state="completed"]', { hasText: 'Bought' }).waitFor();
    await screenshot(alice.page, 'traffic');
    await goTo(alice.page, 'Wallet');
    // 1 MB at 16.67 USD per MB, at 0.005 USD per coin: 3,334.
    await waitText(alice.page, '#balance-available', '6,692.50');
  }, 60_000);

  it('lists each holding, and pages through the history', async () => {
    for (let count = 1; count <= 10; count += 1) {
      // Each tap is 200 more.
      const shown = (6692.5 + 200 * count).toLocaleString('en-US', { minimumFractionDigits: 2 });
      await tap(alice.page, '1', shown);
    }
    const response = await net.call('/api/validator/v0/wallet/amulets', { user: 'alice' });
    const { amulets } = (await response.json()) as {
      amulets: Array<{ contract: { contract: { contract_id: string } } }>;
    };
    await goTo(alice.page, 'Holdings');
    const rows = alice.page.locator('#holdings-unlocked li.item');
    await rows.nth(amulets.length - 1).waitFor();
    expect(
      await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-contract'))),
    ).toEqual(amulets.map((amulet) => amulet.contract.contract.contract_id));
    await waitText(alice.page, '#holdings-count', `${amulets.length} holdings`);
    await screenshot(alice.page, 'holdings');
    await goTo(alice.page, 'History');
    await waitText(alice.page, '#history-page', 'Page 1');
    expect(await alice.page.locator('#history-items li.item').count()).toBe(10);
    const first = await alice.page
      .locator('#history-items li.item')
      .first()
      .getAttribute('data-event');
    await alice.page.getByRole('button', { name: 'Older →' }).click();
    await waitText(alice.page, '#history-page', 'Page 2');
    await alice.page
      .locator(`#history-items li[data-event="${first}"]`)
      .waitFor({ state: 'detached' });
    await alice.page.getByRole('button', { name: '← Newer' }).click();
    await alice.page.locator(`#history-items li[data-event="${first}"]`).waitFor();
    await goTo(alice.page, 'Wallet');
  }, 60_000);

  it('accepts, rejects and ends minting delegations as the delegate', async () => {
    const carol = await allocateParty(net, 'carol');
    await createUser(net, 'carol-external', [carol]);
    const propose = async (limit: string) => {
      const delegation = {
        beneficiary: carol,
        delegate: aliceParty,
        dso: net.node.devnet?.parties.dso,
        expiresAt: new Date(Date.parse('2026-01-01T00:00:00Z') + 30 * dayMillis).toISOString(),
        amuletMergeLimit: limit,
      };
      const body = {
        commands: [
          {
            CreateCommand: {
              templateId: `${mintingModule}:MintingDelegationProposal`,
              createArguments: { delegation },
            },
          },
        ],
        commandId: `carol-${limit}`,
        actAs: [carol],
      };
      return createdIds((await submitTree(net, 'carol-external', body)).transactionTree)[0] ?? '';
    };
    await goTo(alice.page, 'Delegations');
    const first = await propose('10');
    const row = alice.page.locator(`#minting-delegations li[data-contract="${first}"]`);
    await row.getByRole('button', { name: 'Accept' }).click();
    const active = alice.page.locator('#minting-delegations li[data-kind="minting-delegation"]');
    await active.waitFor();
    const second = await propose('20');
    await alice.page
      .locator(`#minting-delegations li[data-contract="${second}"]`)
      .getByRole('button', { name: 'Reject' })
      .click();
    await alice.page
      .locator(`#minting-delegations li[data-contract="${second}"]`)
      .waitFor({ state: 'detached' });
    await screenshot(alice.page, 'delegations');
    await active.getByRole('button', { name: 'End' }).click();
    await active.waitFor({ state: 'detached' });
    await waitText(alice.page, '#minting-delegations', 'No one has asked.');
  }, 60_000);

  it('lets the operator accept a user’s merge delegation, and a user withdraw its own', async () => {
    await alice.page.locator('#merge-delegations li[data-kind="merge-proposal"]').waitFor();
    const operator = await openWalletPage(browser, net.url);
    await signIn(operator.page, 'administrator');
    await waitLive(operator.page);
    await goTo(operator.page, 'Delegations');
    const aliceRow = operator.page.locator('#merge-delegations li[data-kind="merge-proposal"]', {
      hasText: 'alice',
    });
    await aliceRow.getByRole('button', { name: 'Accept' }).click();
    await alice.page
      .locator('#merge-delegations li[data-kind="merge-delegation"] [data-state="open.active"]')
      .waitFor();
    await goTo(bob.page, 'Delegations');
    await bob.page
      .locator('#merge-delegations li[data-kind="merge-proposal"]')
      .getByRole('button', { name: 'Withdraw' })
      .click();
    await waitText(bob.page, '#merge-delegations', 'No merge delegations.');
    await operator.page
      .locator('#merge-delegations li', { hasText: 'bob' })
      .waitFor({ state: 'detached' });
    expect(operator.problems).toEqual([]);
    await operator.context.close();
    for (const wallet of [alice, bob]) await goTo(wallet.page, 'Wallet');
  }, 60_000);

  it('signs in with a pasted token, and says why a bad one is refused', async () => {
    const page = await openWalletPage(browser, net.url);
    await page.page.getByLabel(/paste an access token/).fill('not-a-jwt');
    await page.page.getByRole('button', { name: 'Use this token' }).click();
    await waitText(page.page, '#login-error', /Your sign-in was refused/);
    expect(await page.page.locator('#app').isHidden()).toBe(true);
    await page.page.getByLabel(/paste an access token/).fill(`Bearer ${await net.token('alice')}`);
    await page.page.getByRole('button', { name: 'Use this token' }).click();
    await waitLive(page.page);
    expect(await page.page.locator('#my-party').textContent()).toBe(aliceParty);
    expect(page.problems).toEqual([]);
    await page.context.close();
  }, 60_000);

  it('fits a phone’s width in every section and is driven by the keyboard alone', async () => {
    const phone = await openWalletPage(browser, net.url, { width: 390, height: 844 });
    await phone.page.getByLabel('User name').fill('bob');
    await phone.page.keyboard.press('Enter');
    await waitLive(phone.page);
    await phone.page.locator('#balance-available .amount').waitFor();
    for (const section of ['wallet', 'history', 'holdings', 'traffic', 'delegations']) {
      await phone.page.goto(`${net.url}/wallet#${section}`);
      await phone.page
        .locator(
          `#view-${section}:not([hidden]) .card .items li, #view-${section}:not([hidden]) .card form`,
        )
        .first()
        .waitFor();
      const overflow = Number(
        await phone.page.evaluate('document.documentElement.scrollWidth - innerWidth'),
      );
      expect(overflow, section).toBeLessThanOrEqual(0);
      await screenshot(phone.page, `phone-${section}`);
    }
    await phone.page.goto(`${net.url}/wallet#wallet`);
    await waitLive(phone.page);
    // From the send form's first field, the keyboard alone fills it in and sends.
    await phone.page.getByLabel('Receiver', { exact: true }).focus();
    await phone.page.keyboard.type(aliceParty);
    await phone.page.keyboard.press('Tab');
    await phone.page.keyboard.type('3');
    await phone.page.keyboard.press('Tab');
    await phone.page.keyboard.type('keyboard');
    await phone.page.keyboard.press('Enter');
    await waitText(alice.page, '#offers-incoming', 'keyboard');
    // Tabs are links: Tab reaches them, Enter follows them.
    await phone.page.locator('nav.tabs a[data-tab="history"]').focus();
    await phone.page.keyboard.press('Enter');
    await phone.page.locator('#view-history:not([hidden])').waitFor();
    expect(await phone.page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  }, 60_000);

  it('left no page errors', () => {
    expect([...alice.problems, ...bob.problems]).toEqual([]);
  });
});
