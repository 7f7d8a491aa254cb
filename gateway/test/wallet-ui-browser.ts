import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { artifacts, launchChromium } from './chromium.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// The wallet page in Debian's headless Chromium: one browser, a context (own storage, own
// cookies) per user, and what every wallet test does with a page.

export type WalletPage = {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Uncaught errors, console errors other than refused requests, and missing assets. */
  readonly problems: string[];
};

/** A fresh context on `/wallet`, at a desktop size unless told. */
export async function openWalletPage(
  browser: Browser,
  url: string,
  viewport = { width: 1280, height: 900 },
): Promise<WalletPage> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // A refused request (a 404 for a name no one has) is the page's business, not a fault.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`console: ${message.text()}`);
    }
  });
  page.on('response', (response) => {
    if (/\/(wallet|ui-kit)\/assets\//.test(response.url()) && response.status() !== 200) {
      problems.push(`asset ${response.url()} answered ${response.status()}`);
    }
  });
  await page.goto(`${url}/wallet`);
  return { page, context, problems };
}

export type TwoWallets = {
  readonly net: TestNode;
  readonly browser: Browser;
  readonly alice: WalletPage;
  readonly bob: WalletPage;
  /** Closes the browser, then the node. */
  close(): Promise<void>;
};

/** A devnet node, one Chromium, and a wallet page each for alice and bob, not signed in yet. */
export async function openTwoWallets(): Promise<TwoWallets> {
  const net = await startTestNode({ devnet: true });
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await net.close();
  };
  try {
    browser = await launchChromium();
    const alice = await openWalletPage(browser, net.url);
    const bob = await openWalletPage(browser, net.url);
    return { net, browser, alice, bob, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Two wallets, alice's and bob's, signed in and onboarded: their parties too. */
export async function openOnboardedWallets(): Promise<
  TwoWallets & { readonly aliceParty: string; readonly bobParty: string }
> {
  const wallets = await openTwoWallets();
  try {
    await signIn(wallets.alice.page, 'alice');
    const aliceParty = await onboard(wallets.alice.page);
    await signIn(wallets.bob.page, 'bob');
    const bobParty = await onboard(wallets.bob.page);
    return { ...wallets, aliceParty, bobParty };
  } catch (error) {
    await wallets.close();
    throw error;
  }
}

/** A GraphQL query as `user` (the node's dev token); its data. */
export async function graphqlAs<T>(net: TestNode, user: string, query: string): Promise<T> {
  const response = await fetch(`${net.url}/graphql`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await net.token(user)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ query }),
  });
  return ((await response.json()) as { data: T }).data;
}

/** A full-page screenshot in test-artifacts/, taken from the top of the page. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(artifacts, `wallet-${name}.png`), fullPage: true });
}

/** Signs in by user name (the devnet's dev token) and waits for the onboarding or the wallet. */
export async function signIn(page: Page, user: string): Promise<void> {
  await page.getByLabel('User name').fill(user);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('#onboard:not([hidden]), #app:not([hidden])').waitFor();
}

/** Onboards the signed-in user; its party, as the wallet shows it, once the wallet is live. */
export async function onboard(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Create my wallet' }).click();
  await waitLive(page);
  return (await page.locator('#my-party').textContent()) ?? '';
}

/** Taps test coin worth `usd` and waits until the available balance shows `balance`. */
export async function tap(page: Page, usd: string, balance: string): Promise<void> {
  await page.getByLabel('Get test coin (USD worth)').fill(usd);
  await page.getByRole('button', { name: 'Tap' }).click();
  await waitText(page, '#balance-available', balance);
}

export const waitLive = (page: Page) => page.locator('#live[data-status="live"]').waitFor();

/** Waits until the element matching `selector` shows `text`. */
export const waitText = (page: Page, selector: string, text: string | RegExp) =>
  page.locator(selector, { hasText: text }).first().waitFor();

export type Send = {
  readonly receiver: string;
  readonly amount: string;
  readonly description?: string;
  readonly mode: 'offer' | 'token' | 'one-step';
};

/** Fills the send form and submits it. */
export async function send(page: Page, what: Send): Promise<void> {
  await page.getByLabel('Receiver', { exact: true }).fill(what.receiver);
  await page.getByLabel('Amount (CC)', { exact: true }).fill(what.amount);
  await page.getByLabel('Description', { exact: true }).fill(what.description ?? '');
  const modes = { offer: /Transfer offer/, token: /Token transfer/, 'one-step': /One step/ };
  await page.getByRole('radio', { name: modes[what.mode] }).check();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

/** The offer rows of a list (`incoming` or `outgoing`) that mention `text`. */
export const offerRow = (page: Page, list: 'incoming' | 'outgoing', text: string | RegExp) =>
  page.locator(`#offers-${list} li.item`, { hasText: text });

/** Moves to a section of the wallet through its tab. */
export const goTo = (
  page: Page,
  section: 'Wallet' | 'History' | 'Holdings' | 'Traffic' | 'Delegations',
) => page.locator('nav.tabs').getByRole('link', { name: section, exact: true }).click();
