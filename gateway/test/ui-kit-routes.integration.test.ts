import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { webPages } from '@pocketnet/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './test-node.ts';

// The two hand-written pages of packages/web and the UI kit they share, as the node serves them:
// each page and every file it loads, from this node alone under a strict content security policy.

const folderOf = (path: string) => pathToFileURL(`${path}/`);
/** Where each served folder is on disk: packages/web's, as the CLI hands them to the gateway. */
const folders: Readonly<Record<string, URL>> = {
  '/inspect/assets/': folderOf(webPages.inspector),
  '/wallet/assets/': folderOf(webPages.wallet),
  '/ui-kit/assets/': folderOf(webPages.uiKit),
  '/client/assets/': folderOf(webPages.client),
};

function fileOf(path: string): URL {
  const folder = Object.keys(folders).find((prefix) => path.startsWith(prefix));
  if (!folder) throw new Error(`${path} is in no served folder`);
  return new URL(path.slice(folder.length), folders[folder]);
}

/** Every path a page loads: those its index.html names, and the modules they import. */
function assetsOfPage(page: URL): string[] {
  const found = new Set<string>();
  const html = readFileSync(new URL('index.html', page), 'utf8');
  const pending = [...html.matchAll(/\/[\w-]+\/assets\/[\w.-]+/g)].map((match) => match[0]);
  while (pending.length > 0) {
    const path = pending.pop() ?? '';
    if (found.has(path)) continue;
    found.add(path);
    if (!path.endsWith('.js')) continue;
    const source = readFileSync(fileOf(path), 'utf8');
    // Statements only: a JSDoc `@import` names types, which the browser never loads.
    for (const match of source.matchAll(
      /^(?:import|export|\})[^'\n]*from '(\.{1,2}\/[\w./-]+)'/gm,
    )) {
      pending.push(new URL(match[1] ?? '', `http://node${path}`).pathname);
    }
  }
  return [...found].sort();
}

describe.each([
  { page: '/inspect', folder: webPages.inspector, own: ['app.js', 'inspector.js', 'theme.css'] },
  { page: '/wallet', folder: webPages.wallet, own: ['app.js', 'wallet.js', 'theme.css'] },
])('the files of $page', ({ page, folder, own }) => {
  let net: TestNode;
  beforeAll(async () => {
    net = await startTestNode({ devnet: true });
  });
  afterAll(() => net.close());

  it('serves the page with a policy that lets it load only from this node', async () => {
    for (const path of [page, `${page}/`]) {
      const response = await fetch(`${net.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("connect-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      expect(html).toContain(`<script type="module" src="${page}/assets/app.js">`);
      // The one inline script is the import map naming the client, allowed by its hash alone.
      const importMap = /<script type="importmap">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(JSON.parse(importMap).imports['@pocketnet/client']).toBe('/client/assets/index.js');
      const hash = createHash('sha256').update(importMap).digest('base64');
      expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);
    }
  });

  it('serves every module and style sheet the page loads, its own and the UI kit’s', async () => {
    const assets = assetsOfPage(folderOf(folder));
    expect(assets).toEqual(
      expect.arrayContaining([
        ...own.map((name) => `${page}/assets/${name}`),
        '/ui-kit/assets/base.css',
        '/ui-kit/assets/shell.css',
        '/ui-kit/assets/dom.js',
        '/ui-kit/assets/session.js',
        '/client/assets/index.js',
        '/client/assets/http-caller.js',
      ]),
    );
    for (const path of assets) {
      const response = await fetch(`${net.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-security-policy'), path).toContain("default-src 'none'");
      const type = response.headers.get('content-type') ?? '';
      expect(type, path).toMatch(/^(text\/javascript|text\/css|image\/svg\+xml)/);
      expect(await response.text(), path).toBe(readFileSync(fileOf(path), 'utf8'));
    }
  });

  it('serves nothing else', async () => {
    const missing = [
      `${page}/assets/nope.js`,
      `${page}/assets/index.html`,
      `${page}/assets/..%2Findex.html`,
      '/ui-kit',
      '/ui-kit/assets/..%2F..%2Fpackage.json',
      '/ui-kit/assets/..%2F..%2Fsrc%2Fweb-pages.ts',
    ];
    for (const path of missing) {
      expect((await fetch(`${net.url}${path}`)).status, path).toBe(404);
    }
  });
});

describe('a node not handed the pages', () => {
  let net: TestNode;
  beforeAll(async () => {
    net = await startTestNode({ devnet: true, pages: false });
  });
  afterAll(() => net.close());

  it('serves no page and no asset, and every API as before', async () => {
    for (const path of ['/inspect', '/wallet', '/wallet/assets/app.js', '/ui-kit/assets/dom.js']) {
      expect((await fetch(`${net.url}${path}`)).status, path).toBe(404);
    }
    const info = await fetch(`${net.url}/wallet/node-info`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ devnet: true, dev_tokens: true });
    const machines = await net.call('/api/inspect/v0/machines');
    expect(machines.status).toBe(200);
    expect(((await machines.json()) as { machines: unknown[] }).machines.length).toBeGreaterThan(0);
    expect((await net.call('/v2/version')).status).toBe(200);
  });
});
