import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, launchChromium } from './chromium.ts';
import { inspect, type OfferDesk, openOfferDesk } from './inspect-fixtures.ts';
import { type SpliceNode, startSpliceNode } from './splice-fixtures.ts';

// The inspector page in Debian's headless Chromium against a real devnet node: it draws the
// transfer-offer machine, and the highlight follows a live offer as the Ledger API moves it.

const offerStates = [
  'open.created',
  'open.accepted',
  'completed',
  'rejected',
  'withdrawn',
  'expired',
];

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
      new Map(
        offerStates.map((state) => [state, !['open.created', 'open.accepted'].includes(state)]),
      ),
    );
    const acceptArrow = page.locator(
      '#chart g.edge[data-from="open.created"][data-to="open.accepted"]',
    );
    const acceptLabel = page.locator(
      '#chart g.edge-label[data-from="open.created"][data-to="open.accepted"]',
    );
    expect(await acceptLabel.textContent()).toBe('offer.accepted');

    const offer = await desk.offer('page-lunch');
    // The list updates from the transition stream, without a reload.
    const row = page.locator('button.actor', { hasText: 'page-lunch' });
    await row.click();
    await current(page, 'open.created').waitFor();
    expect(await page.locator('#chart g.state.is-current').count()).toBe(1);
    await page.screenshot({ path: join(artifacts, 'inspect-offer-created.png'), fullPage: true });

    await desk.accept(offer);
    await current(page, 'open.accepted').waitFor();
    expect(await page.locator('#chart g.state.is-current').count()).toBe(1);
    expect(await acceptArrow.getAttribute('class')).toMatch(/is-taken/);
    expect(await acceptLabel.getAttribute('class')).toMatch(/is-taken/);
    expect(await page.locator('#detail-state').textContent()).toBe('open.accepted');
    await page.screenshot({ path: join(artifacts, 'inspect-offer-accepted.png'), fullPage: true });

    // Replay: one step back shows where the offer was, Live follows it again.
    await page.keyboard.press('ArrowLeft');
    await current(page, 'open.created').waitFor();
    await page.keyboard.press('l');
    await current(page, 'open.accepted').waitFor();
    const { body } = await inspect<{ actors: Array<{ contractIds: string[] }> }>(
      net,
      '/actors?machine=transfer-offer&state=open.accepted',
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
    await current(page, 'open.accepted').waitFor();
    await page.screenshot({ path: join(artifacts, 'inspect-phone.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('draws every machine whole on a phone, its labels clear of each other and of the lines', async () => {
    const page = await openPage({ width: 390, height: 844 });
    await signIn(page, 'bob');
    const panel = page.locator('#chart');
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs.length).toBeGreaterThanOrEqual(7);
    for (const tab of await page.getByRole('tab').all()) {
      // Named by the tab itself: the title changes only once the machine's description came.
      const machine = (await tab.getAttribute('data-machine')) ?? '';
      await tab.click();
      // The page redraws its chart whenever live actors change, so the panel and its states
      // are measured in one synchronous look at the page, once this machine's chart is shown.
      await page.locator(`#chart svg.chart[aria-label="Statechart of ${machine}"]`).waitFor();
      const outside = await panel.evaluate((chart) => {
        const frame = chart.getBoundingClientRect();
        return [...chart.querySelectorAll('g.state rect.box')].filter((rect) => {
          const box = rect.getBoundingClientRect();
          return box.left < frame.left - 0.5 || box.right > frame.right + 0.5;
        }).length;
      });
      // Every state inside the visible panel: nothing cut off at its edge.
      expect([machine, outside]).toEqual([machine, 0]);
      // No label on another, and every label drawn after every line (so above it).
      const labels = await page
        .locator('#chart g.edge-label rect')
        .evaluateAll((rects) => rects.map((rect) => rect.getBoundingClientRect().toJSON()));
      for (const [at, a] of labels.entries()) {
        for (const b of labels.slice(at + 1)) {
          const apart =
            a.right <= b.left + 0.5 ||
            b.right <= a.left + 0.5 ||
            a.bottom <= b.top + 0.5 ||
            b.bottom <= a.top + 0.5;
          expect([machine, apart]).toEqual([machine, true]);
        }
      }
      const order = await page
        .locator('#chart svg.chart')
        .evaluate((svg) =>
          [...svg.querySelectorAll('g.edge, g.edge-label')].map((g) => g.getAttribute('class')),
        );
      const firstLabel = order.findIndex((name) => name?.startsWith('edge-label'));
      const lastLine = order.findLastIndex((name) => name?.startsWith('edge '));
      expect([machine, firstLabel === -1 || firstLabel > lastLine]).toEqual([machine, true]);
    }
    // Zoomed, the chart is drawn at its own size and scrolls sideways; fitted again, it fits.
    await page.getByRole('tab', { name: /merge-delegation/ }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    const zoomed = await panel.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(zoomed).toBe(true);
    await page
      .locator('#chart-panel')
      .screenshot({ path: join(artifacts, 'inspect-phone-zoomed.png') });
    await page.getByRole('button', { name: 'Fit to width' }).click();
    expect(await panel.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
    await page
      .locator('#chart-panel')
      .screenshot({ path: join(artifacts, 'inspect-phone-chart.png') });
    expect(await page.evaluate('document.documentElement.scrollWidth - innerWidth')).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('keeps the sign-in form with the reason when a pasted token is refused', async () => {
    const page = await openPage({ width: 1024, height: 768 });
    // Signed out, the top bar says whether the node answers, not "Offline".
    await page.locator('#live[data-status="up"]', { hasText: 'Node up' }).waitFor();
    await page.getByLabel(/paste an access token/).fill('not-a-jwt');
    await page.getByRole('button', { name: 'Use this token' }).click();
    const error = page.locator('#login-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/not authenticated: send a valid access token/);
    expect(await page.locator('#app').isHidden()).toBe(true);
    await page.close();
  }, 60_000);
});
