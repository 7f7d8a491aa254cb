import { afterEach, describe, expect, it } from 'vitest';
import { createLedgerHttp, type LedgerHttp, readJson } from './ledger-http.ts';
import { createTempDir, findFreePort, waitForHttpOk } from './node-process.ts';
import { isBannerComplete } from './pocketnet-process.ts';
import { freshRedisPrefix, redisUrl } from './reliability/redis-test-keys.ts';
import { type RoleProcess, spawnRole } from './reliability/role-process.ts';

// A devnet's time, price and rounds are durable: moved forward, stopped (gracefully or killed,
// idle or while wallet calls run) and started again on the same journal, its time goes on from
// where it was and every wallet call works. Before, the clock fell back to wall time behind the
// rounds the journal holds and the wallet answered 503 "No open mining round has opened yet".

// Two hours: twelve rounds ahead of the wall clock, which a restart must not fall back behind.
const movedSeconds = 7_200;
const walletUser = 'administrator';

type Store = { args: string[]; env: Record<string, string> };
type Now = { now: string; now_micros: string };
type OpenRound = { contract: { payload: { amuletPrice: string } } };
type Balance = { round: number; effective_unlocked_qty: string };

describe('a devnet whose time was moved, restarted on its journal', { timeout: 90_000 }, () => {
  const roles: RoleProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(roles.splice(0).map((role) => role.kill('SIGKILL')));
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  const start = async (store: Store) => {
    const port = await findFreePort();
    const role = spawnRole('start', ['--port', String(port), ...store.args], store.env);
    roles.push(role);
    await role.waitFor(/admin token +\S+\n/);
    expect(isBannerComplete(role.output())).toBe(true);
    const url = `http://127.0.0.1:${port}`;
    await waitForHttpOk(`${url}/readyz`);
    return { role, http: createLedgerHttp(url) };
  };

  const dataDirStore = async (): Promise<Store> => {
    const dir = await createTempDir('devnet-restart');
    cleanups.push(dir.remove);
    return { args: ['--data-dir', dir.path], env: {} };
  };
  const redisStore = async (): Promise<Store> => {
    const keys = freshRedisPrefix();
    cleanups.push(keys.remove);
    return {
      // The shared test Redis keeps no AOF: this journal is a throwaway one.
      args: ['--redis-durability', 'none'],
      env: { REDIS_URL: redisUrl, POCKETNET_REDIS_PREFIX: keys.prefix },
    };
  };

  const devnetNow = async (http: LedgerHttp) =>
    BigInt((await readJson<Now>(await http.call('/api/devnet/v0/time'))).now_micros);
  const advance = async (http: LedgerHttp, seconds: number) =>
    readJson<Now>(await http.call('/api/devnet/v0/time/advance', { body: { seconds } }));
  const balance = async (http: LedgerHttp) =>
    readJson<Balance>(await http.call('/api/validator/v0/wallet/balance', { user: walletUser }));
  const tap = (http: LedgerHttp, amount: string) =>
    http.call('/api/validator/v0/wallet/tap', { user: walletUser, body: { amount } });

  /** Taps on four connections until the node stops answering; counts what was acknowledged. */
  const tapUntilStopped = (http: LedgerHttp) => {
    let acknowledged = 0;
    const worker = async () => {
      for (;;) {
        try {
          const response = await tap(http, '1.0');
          if (response.ok) acknowledged += 1;
          else await response.text();
        } catch {
          return;
        }
      }
    };
    const workers = Promise.all([worker(), worker(), worker(), worker()]);
    return { acknowledged: () => acknowledged, done: workers };
  };

  const cases = [
    ['a data dir', 'SIGTERM', false],
    ['a data dir', 'SIGKILL', false],
    ['a data dir', 'SIGTERM', true],
    ['a data dir', 'SIGKILL', true],
    ['Redis', 'SIGKILL', true],
  ] as const;

  it.each(cases)(
    'on %s, stopped with %s (wallet calls in flight: %s), goes on from where its time was',
    async (where, signal, traffic) => {
      const store = where === 'Redis' ? await redisStore() : await dataDirStore();
      const first = await start(store);
      expect((await tap(first.http, '50.0')).status).toBe(200);
      const price = await first.http.call('/api/devnet/v0/amulet-price', { body: { price: 0.02 } });
      expect(price.status).toBe(200);
      const moved = BigInt((await advance(first.http, movedSeconds)).now_micros);
      const before = await balance(first.http);
      expect(before.round).toBeGreaterThan(10);
      if (traffic) {
        const load = tapUntilStopped(first.http);
        while (load.acknowledged() < 10) await new Promise((resolve) => setImmediate(resolve));
        await first.role.kill(signal);
        await load.done;
      } else {
        await first.role.kill(signal);
      }

      const second = await start(store);
      const now = await devnetNow(second.http);
      expect(now).toBeGreaterThanOrEqual(moved);
      // The wall clock went on for as long as the node was down: no further.
      expect(now - moved).toBeLessThan(BigInt(movedSeconds) * 1_000_000n);
      const after = await balance(second.http);
      expect(after.round).toBeGreaterThanOrEqual(before.round);
      expect((await tap(second.http, '5.0')).status).toBe(200);
      const amulets = await second.http.call('/api/validator/v0/wallet/amulets', {
        user: walletUser,
      });
      expect(amulets.status).toBe(200);
      // The round schedule goes on too: the next round opens, at the price that was set.
      const next = await second.http.call('/api/devnet/v0/rounds/advance', { body: { count: 1 } });
      expect(next.status).toBe(200);
      expect((await balance(second.http)).round).toBe(after.round + 1);
      const body = {
        cached_open_mining_round_contract_ids: [],
        cached_issuing_round_contract_ids: [],
      };
      const rounds = await readJson<{ open_mining_rounds: Record<string, OpenRound> }>(
        await second.http.call('/api/scan/v0/open-and-issuing-mining-rounds', { body }),
      );
      const prices = Object.values(rounds.open_mining_rounds).map(
        ({ contract }) => contract.payload.amuletPrice,
      );
      expect(prices).toContain('0.0200000000');
      await second.role.kill('SIGTERM');
    },
  );
});
