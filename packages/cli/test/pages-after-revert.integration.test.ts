import { type Browser, chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { startTimeMachineNode, type TimeMachineNode } from './time-machine-node.ts';

// The wallet page after a revert (issue 23), in Debian's headless Chromium: it hears the revert
// on its live connection, says so, resubscribes from the snapshot's ledger end and shows the
// balance as it was, without a reload.

let net: TimeMachineNode | null = null;
let browser: Browser | null = null;
afterEach(async () => {
  await browser?.close();
  await net?.close();
  browser = null;
  net = null;
});

const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'];

describe('the wallet page', () => {
  it('shows the balance as it was once the node is reverted, and goes on live', async () => {
    net = await startTimeMachineNode();
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
    const page = await (await browser.newContext()).newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${net.url}/wallet`);
    await page.getByLabel('User name').fill('alice');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Create my wallet' }).click();
    const live = page.locator('#live[data-status="live"]');
    await live.waitFor();
    const tap = async (usd: string, balance: string) => {
      await page.getByLabel('Get test coin (USD worth)').fill(usd);
      await page.getByRole('button', { name: 'Tap' }).click();
      await page.locator('#balance-available', { hasText: balance }).waitFor();
    };
    await tap('50', '10,000.00');
    const taken = await net.json<{ id: string }>('/api/devnet/v0/snapshot', { body: {} });
    await tap('5', '11,000.00');

    await net.json('/api/devnet/v0/revert', { body: { id: taken.id } });
    await page.getByText(/The node was put back: the ledger was reverted to snapshot 1/).waitFor();
    await page.locator('#balance-available', { hasText: '10,000.00' }).waitFor();
    await live.waitFor();
    // Live again, from the snapshot's ledger end: a tap now shows as the next change.
    await tap('1', '10,200.00');
    expect(problems).toEqual([]);
  });
});
