import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, launchChromium } from './chromium.ts';
import { inspect, type OfferDesk, openOfferDesk } from './inspect-fixtures.ts';
import { type SpliceNode, startSpliceNode } from './splice-fixtures.ts';

// The inspector page in Debian's headless Chromium against a real devnet node: it draws the
// transfer-offer machine, and the highlight follows a live offer as the Ledger API moves it.

const offerStates = ['created', 'accepted', 'completed', 'rejected', 'withdrawn', 'expired'];

describe('the inspector page', () => {
  let net: SpliceNode;
  let desk: OfferDesk;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    net = await startSpliceNode();
    desk = await openOfferDesk(net);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await net?.node.close();
  });

  const openPage = async (viewport: { width: number; height: number }) => {
    const page = await browser.newPage({ viewport });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    await page.goto(`${net.node.url}/inspect`);
    return page;
  };
  const signIn = async (page: Page, user: string) => {
    await page.getByLabel('User', { exact: true }).fill(user);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#live[data-status="live"]').waitFor();
  };
  const current = (page: Page, state: string) =>
    page.locator(`#chart g.state.is-current[data-state="${state}"]`);

  it('draws the transfer-offer machine and moves the highlight as a live offer is accepted', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    await signIn(page, 'alice');
    await page.getByRole('tab', { name: /transfer-offer/ }).click();
    await page.locator('#chart svg.chart').waitFor();
    const drawn = await page
      .locator('#chart g.state')
      .evaluateAll((states) =>
        states.map((g) => [g.getAttribute('data-state'), g.classList.contains('is-final')]),
      );
    expect(new Map(drawn as Array<[string, boolean]>)).toEqual(
      new Map(offerStates.map((state) => [state, !['created', 'accepted'].includes(state)])),
    );
    const acceptArrow = page.locator('#chart g.edge[data-from="created"][data-to="accepted"]');
    expect(await acceptArrow.textContent()).toBe('offer.accepted');

    const offer = await desk.offer('page-lunch');
    // The list updates from the transition stream, without a reload.
    const row = page.locator('button.actor', { hasText: 'page-lunch' });
    await row.click();
    await current(page, 'created').waitFor();
    expect(await page.locator('#chart g.state.is-current').count()).toBe(1);
    await page.screenshot({ path: join(artifacts, 'inspect-offer-created.png'), fullPage: true });

    await desk.accept(offer);
    await current(page, 'accepted').waitFor();
    expect(await page.locator('#chart g.state.is-current').count()).toBe(1);
    expect(await acceptArrow.getAttribute('class')).toMatch(/is-taken/);
    expect(await page.locator('#detail-state').textContent()).toBe('accepted');
    await page.screenshot({ path: join(artifacts, 'inspect-offer-accepted.png'), fullPage: true });

    // Replay: one step back shows where the offer was, Live follows it again.
    await page.keyboard.press('ArrowLeft');
    await current(page, 'created').waitFor();
    await page.keyboard.press('l');
    await current(page, 'accepted').waitFor();
    const { body } = await inspect<{ actors: Array<{ contractIds: string[] }> }>(
      net,
      '/actors?machine=transfer-offer&state=accepted',
      'alice',
    );
    expect(body.actors.some((actor) => actor.contractIds.includes(offer))).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('fits a phone’s width and is driven by the keyboard alone', async () => {
    const page = await openPage({ width: 390, height: 844 });
    await signIn(page, 'bob');
    const overflow = Number(
      await page.evaluate('document.documentElement.scrollWidth - innerWidth'),
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('tab', { name: /transfer-offer/ }).focus();
    await page.keyboard.press('Enter');
    await page.locator('button.actor', { hasText: 'page-lunch' }).focus();
    await page.keyboard.press('Enter');
    await current(page, 'accepted').waitFor();
    await page.screenshot({ path: join(artifacts, 'inspect-phone.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('keeps the sign-in form with the reason when a pasted token is refused', async () => {
    const page = await openPage({ width: 1024, height: 768 });
    await page.getByLabel(/paste an access token/).fill('not-a-jwt');
    await page.getByRole('button', { name: 'Use this token' }).click();
    const error = page.locator('#login-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/not authenticated: send a valid access token/);
    expect(await page.locator('#app').isHidden()).toBe(true);
    await page.close();
  }, 60_000);
});
