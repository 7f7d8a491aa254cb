import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

// The wallet page in Debian's headless Chromium: one browser, a context (own storage, own
// cookies) per user, and what every wallet test does with a page.

export const artifacts = join(import.meta.dirname, '..', 'test-artifacts');

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export type WalletPage = {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Uncaught errors, console errors other than refused requests, and missing assets. */
  readonly problems: string[];
};

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(artifacts, { recursive: true });
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
}

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
    if (response.url().includes('/wallet/assets/') && response.status() !== 200) {
      problems.push(`asset ${response.url()} answered ${response.status()}`);
    }
  });
  await page.goto(`${url}/wallet`);
  return { page, context, problems };
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
