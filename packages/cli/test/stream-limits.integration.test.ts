import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { commitBulkyIous, lastOffsetOf, openPausedUpdates, setUpBank } from './bulky-updates.ts';
import { createLedgerHttp, ledgerEnd } from './ledger-http.ts';
import { createProcessSet, findFreePort } from './node-process.ts';
import type { PausedWebSocket } from './paused-websocket.ts';
import { nodeArgs, startPocketnet } from './pocketnet-process.ts';

// `--stream-high-water-mark` and `--stream-stall-timeout` reach the gateway of `pocketnet
// start`: a /v2/updates client that stops reading is cut off (close 1013) soon after the server
// holds 64 KiB for it, while under the default limits (4 MiB, 30 s) it is merely waited for.

const pause = (ms: number) => new Promise((resume) => setTimeout(resume, ms));

describe('pocketnet start --stream-high-water-mark --stream-stall-timeout', () => {
  const processes = createProcessSet();
  const clients: PausedWebSocket[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.destroy();
    await processes.stopAll();
  });

  /** A node with `args`, a paused client of its updates, and ~10 MB committed for it. */
  const stallOn = async (args: readonly string[]) => {
    const node = await startPocketnet(processes, { ephemeral: true, args });
    const http = createLedgerHttp(node.url);
    const bank = await setUpBank(http);
    const beginExclusive = await ledgerEnd(http);
    const client = await openPausedUpdates(node.url, { bank, beginExclusive });
    clients.push(client);
    const last = await commitBulkyIous(http, bank);
    // Well past a 300 ms stall timeout, well within the default 30 s.
    await pause(1000);
    client.resume();
    return { client, last };
  };

  it('cuts a /v2/updates client that stops reading off with 1013 soon after 64KiB wait for it', async () => {
    const { client, last } = await stallOn([
      ...['--stream-high-water-mark', '64KiB', '--stream-stall-timeout', '300ms'],
    ]);
    // What was sent before the cut-off, then the error, then close code 1013 (try again later).
    await client.until(() => client.closeCode() !== null, 5000);
    expect(client.closeCode()).toBe(1013);
    expect(client.messages.at(-1)).toMatchObject({ code: 'UNAVAILABLE' });
    expect(lastOffsetOf(client.messages.slice(0, -1))).toBeLessThan(last);
  });

  it('waits for such a client under the default limits, which then gets every update', async () => {
    const { client, last } = await stallOn([]);
    await client.until(() => lastOffsetOf(client.messages) === last, 5000);
    await pause(200);
    expect(client.closeCode()).toBeNull();
  });

  it('exits with code 2 and one line naming the option for a bad POCKETNET_STREAM_HIGH_WATER_MARK', async () => {
    const port = await findFreePort();
    const child = spawn(process.execPath, nodeArgs(['start', '--ephemeral', '--port', `${port}`]), {
      env: { ...process.env, POCKETNET_STREAM_HIGH_WATER_MARK: '1KiB' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect(code).toBe(2);
    expect(stderr).toBe(
      'pocketnet: invalid --stream-high-water-mark 1KiB (from POCKETNET_STREAM_HIGH_WATER_MARK): ' +
        'use at least 64KiB (65536 bytes) (pocketnet start --help lists the options)\n',
    );
  });
});
