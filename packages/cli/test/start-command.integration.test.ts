import { afterEach, describe, expect, it } from 'vitest';
import { createProcessSet, findFreePort, repoRoot, waitForHttpOk } from './node-process.ts';
import { isBannerComplete, nodeArgs, startPocketnet } from './pocketnet-process.ts';

async function isAnswering(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('pocketnet start', () => {
  const processes = createProcessSet();
  afterEach(() => processes.stopAll());

  it('starts through `npm start -- --port N --ephemeral`, reports Node 24, and stops on SIGTERM', async () => {
    const port = await findFreePort();
    const npm = processes.spawn('npm', ['start', '--', '--port', String(port), '--ephemeral'], {
      cwd: repoRoot,
      group: true,
    });
    const banner = await npm.waitForOutput(isBannerComplete);
    await waitForHttpOk(`http://127.0.0.1:${port}/readyz`);

    expect(banner).toMatch(/pocketnet ready in \d+ ms \(Node v24\.\d+\.\d+\)/);
    expect(banner).toContain(`JSON Ledger API v2   http://127.0.0.1:${port}/v2`);
    expect(banner).toContain('in memory (--ephemeral)');
    // The pages live in packages/web; the CLI hands their folders to the gateway.
    const pages = ['/wallet', '/inspect', '/wallet/assets/app.js', '/ui-kit/assets/dom.js'];
    for (const path of [...pages, '/client/assets/index.js', '/graphql']) {
      // A browser asks for HTML: /graphql answers it GraphiQL, behind the pages' sign-in.
      const page = await fetch(`http://127.0.0.1:${port}${path}`, {
        headers: { accept: 'text/html' },
      });
      expect(page.status, path).toBe(200);
      const type = path.endsWith('.js') ? 'text/javascript' : 'text/html';
      expect(page.headers.get('content-type'), path).toContain(type);
      expect((await page.text()).length, path).toBeGreaterThan(100);
    }

    const exit = await npm.stop('SIGTERM');
    expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
    expect(await isAnswering(`http://127.0.0.1:${port}/readyz`)).toBe(false);
  });

  it('mints with `pocketnet token --user alice` a token the node accepts once alice exists', async () => {
    const cli = processes.spawn(process.execPath, nodeArgs(['token', '--user', 'alice']), {});
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    const token = cli.output().trim();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const node = await startPocketnet(processes, { ephemeral: true });
    const whoAmI = () => fetch(`${node.url}/v2/authenticated-user`, { headers: bearer(token) });
    const unknown = await whoAmI();
    expect([401, 403]).toContain(unknown.status);

    const created = await fetch(`${node.url}/v2/users`, {
      method: 'POST',
      headers: { ...bearer(node.adminToken), 'content-type': 'application/json' },
      body: JSON.stringify({ user: { id: 'alice', primaryParty: '' }, rights: [] }),
    });
    expect(created.status).toBe(200);
    const known = await whoAmI();
    expect(known.status).toBe(200);
    expect(await known.json()).toMatchObject({ user: { id: 'alice' } });
  });
});
