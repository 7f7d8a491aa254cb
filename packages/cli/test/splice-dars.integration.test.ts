import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runInProcess } from './cli-in-process.ts';
import {
  createProcessSet,
  createTempDir,
  findFreePort,
  repoRoot,
  waitForHttpOk,
} from './node-process.ts';
import { isBannerComplete, nodeArgs, startPocketnet } from './pocketnet-process.ts';

// `pocketnet splice-dars fetch` and `start --splice-dars` (issue 21) over Splice's real DARs,
// served by a local HTTP server as a folder listing and as a release bundle (the tests have no
// internet; the bundle is built from ../shared/dars with tar, as Splice's release lays it out).

const sharedDars = join(repoRoot, '../shared/dars');
const amuletId = '23f47481dab6b1ec01339d6e14494d85bb2844c25f45b26fc5c9ef4cd4942d1f';
const helpHint = ' (pocketnet start --help lists the options)';
const holdingId = '718a0f77e505a8de22f188bd4c87fe74101274e9d4cb1bfac7d09aec7158d35b';

let server: Server;
let baseUrl = '';
let scratch: Awaited<ReturnType<typeof createTempDir>>;

/** `/dars/` lists and serves ../shared/dars; `/bundle/<file>` serves the scratch folder. */
function serve(bundles: string): Server {
  return createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (path === '/dars/') {
      const links = readdirSync(sharedDars).map((file) => `<a href="${file}">${file}</a>`);
      response.writeHead(200, { 'content-type': 'text/html' }).end(links.join('\n'));
      return;
    }
    const [, folder, file = ''] = /^\/(dars|bundle)\/([^/]+)$/.exec(path) ?? [];
    const full = join(folder === 'dars' ? sharedDars : bundles, file);
    if (!folder || !existsSync(full)) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200).end(readFileSync(full));
  });
}

beforeAll(async () => {
  scratch = await createTempDir('splice-dars');
  // Splice's bundle: `splice-node/dars/*.dar` among the node's other files.
  execFileSync('tar', [
    ...['czf', join(scratch.path, '0.6.11_splice-node.tar.gz'), '-C', join(sharedDars, '..')],
    ...['--transform', 's,^dars,splice-node/dars,', 'dars'],
  ]);
  server = serve(scratch.path);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  await scratch.remove();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

const run = runInProcess;

const fetchRelease = (version: string, from: string) =>
  run('splice-dars', 'fetch', '--version', version, '--from', from);

async function freshCache() {
  const cache = await createTempDir('splice-cache');
  vi.stubEnv('XDG_CACHE_HOME', cache.path);
  return { ...cache, releaseDir: join(cache.path, 'pocketnet/splice-dars/0.6.11') };
}

describe('pocketnet splice-dars fetch', () => {
  it("takes a release's DARs from its bundle into the cache, newest of each checked", async () => {
    const cache = await freshCache();
    const bundle = `${baseUrl}/bundle/0.6.11_splice-node.tar.gz`;
    const fetched = await fetchRelease('0.6.11', bundle);
    expect(fetched.stderr).toBe('');
    expect(fetched.code).toBe(0);
    expect(fetched.stdout).toContain(`splice-amulet 0.1.20 ${amuletId}\n`);
    expect(fetched.stdout).toContain(`Splice 0.6.11's DARs are in ${cache.releaseDir}\n`);
    // The whole release is kept (every version), as the bundle has it.
    expect(readdirSync(cache.releaseDir).sort()).toEqual(
      readdirSync(sharedDars)
        .filter((file) => file.endsWith('.dar'))
        .sort(),
    );
    await cache.remove();
  });

  it('takes them from a served folder listing, and from a folder', async () => {
    const cache = await freshCache();
    const served = await fetchRelease('0.6.11', `${baseUrl}/dars/`);
    expect(served.code).toBe(0);
    expect(served.stdout).toContain(`splice-amulet 0.1.20 ${amuletId}`);
    const copied = await fetchRelease('0.6.12', sharedDars);
    expect(copied.code).toBe(0);
    expect(readdirSync(join(cache.path, 'pocketnet/splice-dars')).sort()).toEqual([
      '0.6.11',
      '0.6.12',
    ]);
    await cache.remove();
  });

  it('refuses a missing or mismatched package in one line, and keeps the cache as it was', async () => {
    const cache = await freshCache();
    expect((await fetchRelease('0.6.11', sharedDars)).code).toBe(0);
    const before = readdirSync(cache.releaseDir).sort();
    const partial = await createTempDir('splice-partial');
    for (const file of readdirSync(sharedDars).filter(
      (name) => !name.startsWith('splice-wallet-0'),
    ))
      copyFileSync(join(sharedDars, file), join(partial.path, file));
    const missing = await fetchRelease('0.6.11', partial.path);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toMatch(
      /^pocketnet splice-dars: splice-wallet: no splice-wallet-<version>\.dar in \S+\n$/,
    );
    // 0.1.19's package under 0.1.20's name: the file does not hold what it is named for.
    copyFileSync(
      join(sharedDars, 'splice-wallet-0.1.21.dar'),
      join(partial.path, 'splice-wallet-0.1.21.dar'),
    );
    copyFileSync(
      join(sharedDars, 'splice-amulet-0.1.19.dar'),
      join(partial.path, 'splice-amulet-0.1.20.dar'),
    );
    const renamed = await fetchRelease('0.6.11', partial.path);
    expect(renamed.code).toBe(2);
    expect(renamed.stderr).toMatch(
      /^pocketnet splice-dars: splice-amulet 0\.1\.20: splice-amulet-0\.1\.20\.dar holds splice-amulet-0\.1\.19-90987abe\S+, not splice-amulet-0\.1\.20\n$/,
    );
    // Only 0.1.19 there: not the package Splice 0.6.11 runs.
    rmSync(join(partial.path, 'splice-amulet-0.1.20.dar'));
    const older = await fetchRelease('0.6.11', partial.path);
    expect(older.code).toBe(2);
    expect(older.stderr).toBe(
      'pocketnet splice-dars: splice-amulet 0.1.19: Splice 0.6.11 runs splice-amulet-0.1.20\n',
    );
    expect(readdirSync(cache.releaseDir).sort()).toEqual(before);
    await partial.remove();
    await cache.remove();
  });

  it('says in one line what it could not fetch', async () => {
    const cache = await freshCache();
    const absent = await fetchRelease('0.6.11', `${baseUrl}/bundle/nothing.tar.gz`);
    expect(absent).toMatchObject({ code: 2, stdout: '' });
    expect(absent.stderr).toBe(
      `pocketnet splice-dars: cannot fetch ${baseUrl}/bundle/nothing.tar.gz: HTTP 404\n`,
    );
    expect((await run('splice-dars')).stderr).toBe(
      'pocketnet splice-dars: unknown action (none): use fetch\n',
    );
    expect((await run('splice-dars', 'fetch', '--from', sharedDars)).stderr).toBe(
      'pocketnet splice-dars: fetch needs --version, e.g. --version 0.6.11\n',
    );
    expect(existsSync(join(cache.path, 'pocketnet/splice-dars/0.6.11'))).toBe(false);
    await cache.remove();
  });
});

describe('pocketnet start --splice-dars', () => {
  const processes = createProcessSet();
  afterEach(() => processes.stopAll());

  const refusal = async (args: readonly string[]) => {
    const spawned = processes.spawn(
      process.execPath,
      nodeArgs(['start', '--ephemeral', ...args]),
      {},
    );
    return { exit: await spawned.exited, output: spawned.output() };
  };

  it("uploads Splice's packages of a fetched release: /v2/packages lists their real ids", async () => {
    const cache = await freshCache();
    expect((await fetchRelease('0.6.11', sharedDars)).code).toBe(0);
    const node = await startPocketnet(processes, {
      ephemeral: true,
      args: ['--splice-dars', '0.6.11'],
    });
    const response = await fetch(`${node.url}/v2/packages`, {
      headers: { authorization: `Bearer ${node.adminToken}` },
    });
    const { packageIds } = (await response.json()) as { packageIds: string[] };
    expect(packageIds).toEqual(expect.arrayContaining([amuletId, holdingId]));
    await node.stop('SIGTERM');
    await cache.remove();
  });

  it("builds the devnet on Splice's real templates: scan's AmuletRules carries splice-amulet 0.1.20", async () => {
    const port = await findFreePort();
    const args = ['start', '--port', String(port), '--ephemeral', '--splice-dars', sharedDars];
    const spawned = processes.spawn(process.execPath, nodeArgs(args), {});
    await spawned.waitForOutput(isBannerComplete);
    const base = `http://127.0.0.1:${port}`;
    await waitForHttpOk(`${base}/readyz`);
    const response = await fetch(`${base}/api/scan/v0/amulet-rules`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    const { amulet_rules_update: rules } = (await response.json()) as {
      amulet_rules_update: { contract: { template_id: string } };
    };
    expect(rules.contract.template_id).toBe(`${amuletId}:Splice.AmuletRules:AmuletRules`);
    await spawned.stop('SIGTERM');
  });

  it('refuses a release not in the cache, or a folder lacking a package, in one line (exit 2)', async () => {
    const cache = await freshCache();
    const uncached = await refusal(['--splice-dars', '0.6.99']);
    expect(uncached.exit.code).toBe(2);
    expect(uncached.output).toBe(
      `pocketnet: no Splice 0.6.99 DARs in ${join(cache.path, 'pocketnet/splice-dars')}: run pocketnet splice-dars fetch --version 0.6.99${helpHint}\n`,
    );
    const partial = await createTempDir('splice-partial');
    copyFileSync(
      join(sharedDars, 'splice-amulet-0.1.20.dar'),
      join(partial.path, 'splice-amulet-0.1.20.dar'),
    );
    vi.stubEnv('POCKETNET_SPLICE_DARS', partial.path);
    const lacking = await refusal([]);
    expect(lacking.exit.code).toBe(2);
    expect(lacking.output).toBe(
      `pocketnet: splice-util: no splice-util-<version>.dar in ${partial.path}${helpHint}\n`,
    );
    await partial.remove();
    await cache.remove();
  });
});
