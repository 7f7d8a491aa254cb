import { afterEach, describe, expect, it } from 'vitest';
import { commitBulkyIous, lastOffsetOf, openPausedUpdates, setUpBank } from './bulky-updates.ts';
import { createLedgerHttp, type LedgerHttp, ledgerEnd } from './ledger-http.ts';
import type { PausedWebSocket } from './paused-websocket.ts';
import { type Network, startNetwork } from './reliability/scale-out-network.ts';

// The scaled-out roles take the stream limits too, here from the environment: the writer's
// API (a node life on the journal in Redis, as `start` on REDIS_URL) and a gateway replica
// each cut off a /v2/updates client that stopped reading.

const pause = (ms: number) => new Promise((resume) => setTimeout(resume, ms));

async function caughtUp(http: LedgerHttp, offset: number): Promise<void> {
  await expect.poll(() => ledgerEnd(http), { timeout: 10_000 }).toBeGreaterThanOrEqual(offset);
}

describe('POCKETNET_STREAM_HIGH_WATER_MARK and POCKETNET_STREAM_STALL_TIMEOUT scaled out', () => {
  let network: Network | null = null;
  const clients: PausedWebSocket[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.destroy();
    await network?.close();
    network = null;
  });

  it('cut off a slow /v2/updates client of the writer and of a gateway with 1013', async () => {
    network = await startNetwork({
      gateways: 1,
      args: ['--no-devnet'],
      env: { POCKETNET_STREAM_HIGH_WATER_MARK: '64KiB', POCKETNET_STREAM_STALL_TIMEOUT: '300ms' },
    });
    const writer = createLedgerHttp(network.writerUrl);
    const gatewayUrl = network.gateways[0]?.url ?? '';
    const gateway = createLedgerHttp(gatewayUrl);
    const bank = await setUpBank(writer);
    const beginExclusive = await ledgerEnd(writer);
    // The gateway knows the banker once it has followed the journal that far.
    await caughtUp(gateway, beginExclusive);
    for (const url of [network.writerUrl, gatewayUrl]) {
      clients.push(await openPausedUpdates(url, { bank, beginExclusive }));
    }
    const last = await commitBulkyIous(writer, bank);
    await caughtUp(gateway, last);
    await pause(1000);
    for (const client of clients) {
      client.resume();
      await client.until(() => client.closeCode() !== null, 5000);
      expect(client.closeCode()).toBe(1013);
      expect(lastOffsetOf(client.messages.slice(0, -1))).toBeLessThan(last);
    }
  });
});
