import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './test-node.ts';

// `/wallet` as the node serves it: the page and every module it loads, from this node alone
// under a strict content security policy, and what the page learns of the node before sign-in.

const pageDir = new URL('../src/wallet-ui/page/', import.meta.url);

/** Every file the page loads: the assets index.html names, and the modules they import. */
function assetsOfPage(): string[] {
  const found = new Set<string>();
  const html = readFileSync(new URL('index.html', pageDir), 'utf8');
  const pending = [...html.matchAll(/\/wallet\/assets\/([\w.-]+)/g)].map((match) => match[1] ?? '');
  while (pending.length > 0) {
    const name = pending.pop() ?? '';
    if (found.has(name)) continue;
    found.add(name);
    if (!name.endsWith('.js')) continue;
    const source = readFileSync(new URL(name, pageDir), 'utf8');
    for (const match of source.matchAll(/from '\.\/([\w.-]+)'/g)) pending.push(match[1] ?? '');
  }
  return [...found].sort();
}

describe('the wallet page’s files', () => {
  let net: TestNode;
  beforeAll(async () => {
    net = await startTestNode({ devnet: true });
  });
  afterAll(() => net.close());

  it('serves the page with a policy that lets it load only from this node', async () => {
    for (const path of ['/wallet', '/wallet/']) {
      const response = await fetch(`${net.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("connect-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text()).toContain('<script type="module" src="/wallet/assets/app.js">');
    }
  });

  it('serves every module and style sheet the page loads, and nothing else', async () => {
    const assets = assetsOfPage();
    expect(assets).toEqual(expect.arrayContaining(['app.js', 'base.css', 'icon.svg', 'wallet.js']));
    for (const name of assets) {
      const response = await fetch(`${net.url}/wallet/assets/${name}`);
      expect(response.status, name).toBe(200);
      const type = response.headers.get('content-type') ?? '';
      expect(type, name).toMatch(/^(text\/javascript|text\/css|image\/svg\+xml)/);
      expect(await response.text()).toBe(readFileSync(new URL(name, pageDir), 'utf8'));
    }
    for (const missing of ['nope.js', 'index.html', '..%2Fwallet-ui.routes.ts']) {
      expect((await fetch(`${net.url}/wallet/assets/${missing}`)).status, missing).toBe(404);
    }
  });

  it('tells anyone whether it hands out dev tokens, its synchronizer and its time', async () => {
    const response = await fetch(`${net.url}/wallet/node-info`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      devnet: true,
      dev_tokens: true,
      auth_mode: 'hs256',
      synchronizer_id: net.node.identity.synchronizerId,
      now_micros: '1767225600000000',
    });
    await net.node.devnet?.controls.advanceTime(
      { kind: 'user', userId: 'participant_admin', identityProviderId: '' },
      60_000_000n,
    );
    const later = (await (await fetch(`${net.url}/wallet/node-info`)).json()) as {
      now_micros: string;
    };
    expect(later.now_micros).toBe('1767225660000000');
  });
});
