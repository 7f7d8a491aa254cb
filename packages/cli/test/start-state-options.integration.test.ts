import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mintDevToken } from '@pocketnet/gateway';
import { afterEach, describe, expect, it } from 'vitest';
import { createProcessSet, createTempDir, findFreePort } from './node-process.ts';
import { isBannerComplete, nodeArgs, startPocketnet } from './pocketnet-process.ts';

// `pocketnet start --dump-state / --load-state / --fixture` as a user runs them (issue 23).

const processes = createProcessSet();
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await processes.stopAll();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function call(url: string, path: string, user: string, body?: unknown) {
  const token = await mintDevToken({ userId: user });
  const response = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

describe('pocketnet start with state files and fixtures', () => {
  it('dumps its state on exit, and starts again from it', async () => {
    const dir = await createTempDir('state-options');
    cleanups.push(dir.remove);
    const file = join(dir.path, 'state.jsonl');
    const first = await startPocketnet(processes, {
      ephemeral: true,
      args: ['--dump-state', file],
    });
    await call(first.url, '/v2/parties', 'participant_admin', { partyIdHint: 'kept' });
    const parties = await call(first.url, '/v2/parties', 'participant_admin');
    expect((await first.stop('SIGTERM')).code).toBe(0);
    const header = JSON.parse((await readFile(file, 'utf8')).split('\n')[0] ?? '{}');
    expect(header).toMatchObject({ format: 'pocketnet-state/2', seed: null });

    const second = await startPocketnet(processes, {
      ephemeral: true,
      args: ['--load-state', file],
    });
    expect(await call(second.url, '/v2/parties', 'participant_admin')).toEqual(parties);
  });

  it('refuses a state file that is not there, and a fixture with a mistake', async () => {
    const dir = await createTempDir('state-refusals');
    cleanups.push(dir.remove);
    const missing = processes.spawn(
      process.execPath,
      nodeArgs(['start', '--ephemeral', '--port', '0', '--load-state', join(dir.path, 'none')]),
      {},
    );
    expect((await missing.exited).code).toBe(2);
    expect(missing.output()).toMatch(/pocketnet: --load-state .*none: ENOENT/);
    const fixture = join(dir.path, 'fixture.yaml');
    await writeFile(fixture, 'users:\n  - name: alice\n    tap: lots\n');
    const bad = processes.spawn(
      process.execPath,
      nodeArgs(['start', '--ephemeral', '--port', '0', '--fixture', fixture]),
      {},
    );
    expect((await bad.exited).code).toBe(2);
    expect(bad.output()).toContain(`pocketnet: --fixture ${fixture}: users.0.tap:`);
  });

  it('creates what a fixture names before it prints its banner', async () => {
    const dir = await createTempDir('fixture');
    cleanups.push(dir.remove);
    const fixture = join(dir.path, 'fixture.yaml');
    await writeFile(fixture, 'users:\n  - name: alice\n    tap: 100\n    preapproval: true\n');
    const port = await findFreePort();
    const started = processes.spawn(
      process.execPath,
      nodeArgs(['start', '--ephemeral', '--port', String(port), '--fixture', fixture]),
      {},
    );
    await started.waitForOutput(isBannerComplete);
    const url = `http://127.0.0.1:${port}`;
    const balance = await call(url, '/api/validator/v0/wallet/balance', 'alice');
    expect(Number(balance.effective_unlocked_qty)).toBeGreaterThan(0);
  });
});
