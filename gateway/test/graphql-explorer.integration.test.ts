import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.ts';
import { type IouDesk, openIouDesk } from './graphql-ledger.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// The page a browser gets at /graphql, in Debian's headless Chromium with every request that
// leaves the node refused: it must work offline.

describe('the GraphQL explorer page', () => {
  let node: TestNode;
  let desk: IouDesk;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    node = await startTestNode();
    desk = await openIouDesk(node, 'e');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    node?.closeStreams();
    await node?.close();
  });

  const openPage = async () => {
    const page = await browser.newPage();
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(node.url)) return route.continue();
      problems.push(`left the node: ${route.request().url()}`);
      return route.abort();
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(`${node.url}/graphql`);
    await page.getByLabel('access token').fill(await node.token(desk.users.alice));
    return page;
  };

  it('runs a query with the token and lists the schema, without the network', async () => {
    const page = await openPage();
    await page.locator('#schema', { hasText: 'ledgerEnd: Offset!' }).waitFor();
    await page.locator('#query').fill('{ ledgerEnd me { id } }');
    await page.getByRole('button', { name: /Run/ }).click();
    await expect
      .poll(() => page.locator('#result').textContent())
      .toContain(`"id": "${desk.users.alice}"`);
    expect(await page.locator('#status').textContent()).toBe('HTTP 200');
    await page.close();
    expect(problems).toEqual([]);
  });

  it('streams a subscription into the page', async () => {
    const page = await openPage();
    await page
      .locator('#query')
      .fill('subscription { contractCreated(beginExclusive: 0) { contractId } }');
    await page.getByRole('button', { name: /Run/ }).click();
    const iou = await desk.issue(desk.alice, '12');
    await page.locator('#result', { hasText: iou.contractId }).waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.close();
    expect(problems).toEqual([]);
  });
});
