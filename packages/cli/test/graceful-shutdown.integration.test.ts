import { mintDevToken } from '@pocketnet/gateway';
import { afterEach, describe, expect, it } from 'vitest';
import { driveCommands, type Outcome } from './command-driver.ts';
import {
  allocateParty,
  createIou,
  createLedgerHttp,
  createUser,
  ledgerEnd,
  readUpdates,
} from './ledger-http.ts';
import { createProcessSet, createTempDir, type Exit } from './node-process.ts';
import { startPocketnet } from './pocketnet-process.ts';

const trader = 'trader';

/** The exit, or null if the process still runs after `ms`. */
function exitWithin(exited: Promise<Exit>, ms: number): Promise<Exit | null> {
  return new Promise((done) => {
    const timer = setTimeout(() => done(null), ms);
    void exited.then((exit) => {
      clearTimeout(timer);
      done(exit);
    });
  });
}

describe('pocketnet start stopped with SIGTERM', () => {
  const processes = createProcessSet();
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await processes.stopAll();
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('keeps every command it acknowledged while commands were still arriving', async () => {
    const dir = await createTempDir('sigterm');
    cleanups.push(dir.remove);
    const first = await startPocketnet(processes, { dataDir: dir.path });
    const http = createLedgerHttp(first.url);
    const bank = await allocateParty(http, 'bank');
    const alice = await allocateParty(http, 'alice');
    await createUser(http, trader, [bank, alice]);
    const submissions = Array.from({ length: 400 }, (_, index) => ({
      commandId: `graceful-${index}`,
      actAs: [bank, alice],
      commands: [createIou({ issuer: bank, owner: alice, amount: '1', currency: `c${index}` })],
    }));
    const outcomes = new Map<string, Outcome>();
    let stopped: Promise<Exit> | null = null;
    await driveCommands({
      http,
      user: trader,
      submissions,
      concurrency: 20,
      outcomes,
      acknowledgementsBeforeCrash: 150,
      crash: () => {
        stopped = first.stop('SIGTERM');
      },
    });
    expect(await stopped).toEqual({ code: 0, signal: null });

    const second = await startPocketnet(processes, { dataDir: dir.path });
    const reopened = createLedgerHttp(second.url);
    const end = await ledgerEnd(reopened);
    const reader = { user: trader, parties: [bank, alice] };
    const updates = await readUpdates(reopened, reader, end, 'TRANSACTION_SHAPE_ACS_DELTA');
    const committed = new Map(
      updates.flatMap(({ update }) =>
        update.Transaction ? [[update.Transaction.value.updateId, update.Transaction.value]] : [],
      ),
    );
    expect(outcomes.size).toBeGreaterThanOrEqual(150);
    for (const [commandId, outcome] of outcomes) {
      expect(committed.get(outcome.updateId), commandId).toMatchObject({
        commandId,
        offset: outcome.offset,
      });
    }
  });

  // An upgraded WebSocket never ends on its own: shutdown must end the streams itself.
  it('exits while a client follows the update stream over a WebSocket', async () => {
    const node = await startPocketnet(processes, { ephemeral: true });
    const http = createLedgerHttp(node.url);
    const alice = await allocateParty(http, 'alice');
    await createUser(http, 'alice-user', [alice]);
    const token = await mintDevToken({ userId: 'alice-user' });
    const socket = new WebSocket(`${node.url.replace('http', 'ws')}/v2/updates`, [
      'daml.ws.auth',
      `jwt.token.${token}`,
    ]);
    const firstMessage = new Promise<string>((done, fail) => {
      socket.onmessage = (event) => done(String(event.data));
      socket.onerror = () => fail(new Error('the WebSocket failed'));
    });
    await new Promise<void>((done, fail) => {
      socket.onopen = () => done();
      socket.onclose = () => fail(new Error('the WebSocket was refused'));
    });
    const parties = [alice];
    socket.send(
      JSON.stringify({
        beginExclusive: 0,
        updateFormat: {
          includeTopologyEvents: { includeParticipantAuthorizationEvents: { parties } },
        },
      }),
    );
    expect(await firstMessage).toContain('TopologyTransaction');

    node.process.signal('SIGTERM');
    try {
      expect(await exitWithin(node.process.exited, 3000)).toEqual({ code: 0, signal: null });
    } finally {
      socket.close();
    }
  });
});
