import { join } from 'node:path';
import { createClient } from '@pocketnet/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, launchChromium } from './chromium.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// The page a browser gets at /graphql: GraphiQL itself, the node's own copy, behind the same
// sign-in as the other pages, in Debian's headless Chromium with every request that leaves the
// node refused (it must work offline).

describe('GraphiQL at /graphql', () => {
  let net: TestNode;
  let browser: Browser;

  beforeAll(async () => {
    net = await startTestNode({ devnet: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    net?.closeStreams();
    await net?.close();
  });

  /** A fresh context at `viewport`; `problems` collects what left the node and page errors. */
  async function openPage(viewport = { width: 1280, height: 800 }) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const problems: string[] = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(net.url) || url.startsWith('blob:') || url.startsWith('data:')) {
        return route.continue();
      }
      problems.push(`left the node: ${url}`);
      return route.abort();
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    // What the content security policy refuses is logged as a console error; a refused call
    // (a sign-in the node turns down) is the page's business.
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        problems.push(`console: ${message.text()}`);
      }
    });
    page.on('response', (response) => {
      if (response.url().includes('/assets/') && response.status() !== 200) {
        problems.push(`${response.url()} answered ${response.status()}`);
      }
    });
    await page.goto(`${net.url}/graphql`);
    return { page, problems, close: () => context.close() };
  }

  async function signIn(page: Page, user: string) {
    await page.getByLabel('User name').fill(user);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.graphiql-container').first().waitFor();
  }

  /** The text of an editor of GraphiQL's (Monaco draws its spaces as no-break spaces). */
  const editorText = (page: Page, selector: string) =>
    page.evaluate(
      (found) => (document.querySelector(found)?.textContent ?? '').replaceAll('\u00a0', ' '),
      selector,
    );

  it('signs in by user name, puts the token in the headers and runs a query', async () => {
    const { page, problems, close } = await openPage();
    await signIn(page, 'participant_admin');
    await expect
      .poll(() => editorText(page, '.graphiql-editor-tool'))
      .toContain('"Authorization": "Bearer ey');
    await page.getByRole('button', { name: /Execute query/ }).click();
    await expect
      .poll(() => editorText(page, '.graphiql-response'))
      .toContain('"id": "participant_admin"');
    expect(await editorText(page, '.graphiql-response')).toContain('"ledgerEnd"');
    // The page keeps to the window: GraphiQL's panes scroll inside it, not the page.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: join(artifacts, 'graphiql-desktop.png') });
    await close();
    expect(problems).toEqual([]);
  });

  it('remembers the sign-in, and signing out brings the sign-in back', async () => {
    const { page, problems, close } = await openPage({ width: 390, height: 844 });
    await signIn(page, 'participant_admin');
    await page.reload();
    await page.locator('.graphiql-container').first().waitFor();
    await expect(page.locator('#account .user').textContent()).resolves.toBe('participant_admin');
    await expect
      .poll(() => editorText(page, '.graphiql-editor-tool'))
      .toContain('"Authorization": "Bearer ey');
    await page.getByRole('button', { name: /Execute query/ }).click();
    await expect
      .poll(() => editorText(page, '.graphiql-response'))
      .toContain('"id": "participant_admin"');
    // On a phone the result sits below the editors, in view, and the page keeps to the window.
    const result = await page.locator('.graphiql-response').boundingBox();
    expect(result?.width).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: join(artifacts, 'graphiql-phone.png') });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('User name').waitFor();
    await close();
    expect(problems).toEqual([]);
  });

  it('streams a subscription into the result pane', async () => {
    // alice's wallet, and coin in it, through the typed client.
    const anonymous = createClient({ baseUrl: net.url });
    const alice = createClient({
      baseUrl: net.url,
      token: await anonymous.devnet.devToken('alice'),
    });
    await alice.wallet.register();
    await alice.wallet.tap('10');
    const { page, problems, close } = await openPage();
    await signIn(page, 'alice');
    const subscription =
      'subscription Created { contractCreated(beginExclusive: 0) { templateId } }';
    // GraphiQL opens an operation named in the address, as it does anywhere.
    await page.goto(`${net.url}/graphql?query=${encodeURIComponent(subscription)}`);
    await page.locator('.graphiql-container').first().waitFor();
    await page.getByRole('button', { name: /Execute query/ }).click();
    await expect
      .poll(() => editorText(page, '.graphiql-response'))
      .toContain(':Splice.Amulet:Amulet"');
    await page.getByRole('button', { name: /Stop/ }).click();
    await close();
    expect(problems).toEqual([]);
  });

  it('serves GraphiQL’s code from the node, and a browser that has it keeps it', async () => {
    const html = await fetch(`${net.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    const policy = html.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toMatch(/script-src 'self' 'sha256-[\w+/=]+';/);
    expect(policy).toContain("connect-src 'self'");
    expect(await html.text()).toContain('<script type="module" src="/graphql/assets/app.js">');
    for (const name of ['graphiql.js', 'graphiql.css', 'editor.worker.js', 'graphql.worker.js']) {
      const first = await fetch(`${net.url}/graphql/assets/${name}`);
      expect([name, first.status]).toEqual([name, 200]);
      expect((await first.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      const etag = first.headers.get('etag') ?? '';
      const again = await fetch(`${net.url}/graphql/assets/${name}`, {
        headers: { 'if-none-match': etag },
      });
      expect([name, again.status]).toEqual([name, 304]);
    }
    expect((await fetch(`${net.url}/graphql/assets/nothing.js`)).status).toBe(404);
  });

  it('says why a sign-in is refused', async () => {
    const { page, problems, close } = await openPage();
    await page.getByLabel('User name').fill('not a user name');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.locator('#login-error').textContent())
      .toBe(
        "A user name has only letters, digits and @^$.!`-#+'~_|: — no spaces. Try again without them.",
      );
    await page.getByLabel(/paste an access token/i).fill('not-a-token');
    await page.getByRole('button', { name: 'Use this token' }).click();
    await expect.poll(() => page.locator('#login-error').textContent()).toMatch(/cannot sign in/);
    await close();
    expect(problems).toEqual([]);
  });
});
