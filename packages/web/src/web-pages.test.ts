import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webPages } from './index.ts';

// The folders the gateway is handed must hold what the pages load: a page that names a file no
// folder has would load broken, with nothing but a 404 in the browser's console to say so.

/** Where each URL prefix the pages use is served from. */
const served: ReadonlyArray<readonly [string, string]> = [
  ['/inspect/assets/', webPages.inspector],
  ['/wallet/assets/', webPages.wallet],
  ['/ui-kit/assets/', webPages.uiKit],
];

function fileOf(path: string): string {
  const entry = served.find(([prefix]) => path.startsWith(prefix));
  if (!entry) throw new Error(`${path} is in no served folder`);
  return join(entry[1], path.slice(entry[0].length));
}

/** The asset paths an index.html names in `src` and `href`. */
function namedByPage(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/[\w-]+\/assets\/[^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
}

/**
 * Every file a page loads, as the browser asks for it: what its index.html names, and the
 * modules those import, each import read as a URL relative to the module's URL. Each import must
 * also name the same file when read relative to the module on disk (as Node and tests read it).
 */
function loadedByPage(folder: string): Map<string, string> {
  const found = new Map<string, string>();
  const pending = namedByPage(readFileSync(join(folder, 'index.html'), 'utf8'));
  while (pending.length > 0) {
    const path = pending.pop() ?? '';
    if (found.has(path)) continue;
    const file = fileOf(path);
    found.set(path, file);
    if (!path.endsWith('.js') || !existsSync(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[\w./-]+)'/g)) {
      const imported = new URL(match[1] ?? '', `http://node${path}`).pathname;
      expect(resolve(dirname(file), match[1] ?? ''), `${path} imports ${match[1]}`).toBe(
        fileOf(imported),
      );
      pending.push(imported);
    }
  }
  return found;
}

describe('the web pages’ folders', () => {
  it('are absolute paths of folders that exist', () => {
    for (const [name, folder] of Object.entries(webPages)) {
      expect(isAbsolute(folder), name).toBe(true);
      expect(existsSync(folder) && statSync(folder).isDirectory(), `${name}: ${folder}`).toBe(true);
    }
  });

  it('hold each page, the UI kit the pages share and the client they call the node with', () => {
    expect(existsSync(join(webPages.inspector, 'index.html'))).toBe(true);
    expect(existsSync(join(webPages.wallet, 'index.html'))).toBe(true);
    for (const name of ['index.html', 'app.js', 'page.css', 'icon.svg']) {
      expect(existsSync(join(webPages.graphiql, name)), `graphiql/${name}`).toBe(true);
    }
    // The client the pages import by name (their import maps), served from its own package.
    expect(existsSync(join(webPages.client, 'index.js'))).toBe(true);
    for (const name of ['base.css', 'shell.css', 'dom.js', 'session.js', 'format.js']) {
      expect(existsSync(join(webPages.uiKit, name)), name).toBe(true);
    }
  });

  it.each([
    { page: '/inspect', folder: webPages.inspector },
    { page: '/wallet', folder: webPages.wallet },
  ])('hold every file $page loads, its own and the kit’s', ({ page, folder }) => {
    const loaded = loadedByPage(folder);
    expect([...loaded.keys()]).toEqual(
      expect.arrayContaining([
        `${page}/assets/app.js`,
        `${page}/assets/icon.svg`,
        '/ui-kit/assets/base.css',
        '/ui-kit/assets/dom.js',
      ]),
    );
    const missing = [...loaded].filter(([, file]) => !existsSync(file)).map(([path]) => path);
    expect(missing).toEqual([]);
  });
});
