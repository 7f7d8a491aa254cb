import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSimulatedClock, type Journal, type JournalRecord } from '@pocketnet/ledger';
import { createNode } from '@pocketnet/runtime';
import { pino } from 'pino';
import { createGateway, mintDevToken, type SubmissionAdmissionLimits } from '../src/index.ts';
import { send } from './ledger-calls.ts';
import { allocateParty, createUser } from './ledger-fixtures.ts';
import type { TestNode } from './test-node.ts';

// A node whose gateway admits submissions under limits, over a journal whose appends the test
// can hold: commands held there stay in flight, as behind a stalled disk.

const secret = 'unsafe';
const audience = 'https://canton.network.global';

/**
 * A journal whose appends can be held (NodeLedger's seam): commands held there stay in flight,
 * as behind a stalled disk, until the test lets them through.
 */
export function createHeldJournal() {
  const records: JournalRecord[] = [];
  let held: PromiseWithResolvers<void> | null = null;
  const journal: Journal = {
    async append(record) {
      records.push(record);
      if (held) await held.promise;
    },
    replay: () => (async function* () {})(),
    close: async () => {},
  };
  return {
    journal,
    appended: () => records.length,
    hold: () => {
      held ??= Promise.withResolvers<void>();
    },
    release: () => {
      held?.resolve();
      held = null;
    },
  };
}

export async function startAdmittingNode(admission: SubmissionAdmissionLimits) {
  const held = createHeldJournal();
  const node = await createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    dataDir: null,
    clock: createSimulatedClock(1_767_225_600_000_000n),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
    ledger: { openJournal: async () => held.journal },
  });
  const gateway = createGateway({
    node,
    auth: { mode: 'hs256', secret, audience },
    logger: pino({ level: 'silent' }),
    admission,
  });
  const server = createServer(gateway.app);
  // The server's side of every exchange, in arrival order, to see when each was answered.
  const responses: ServerResponse[] = [];
  server.on('request', (_req, res) => responses.push(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const token = (userId: string) => mintDevToken({ userId, secret, audience });
  const testNode: TestNode = {
    node,
    url,
    wsUrl: url.replace('http', 'ws'),
    token,
    closeStreams: () => gateway.closeStreams(),
    call: async (path, init = {}) =>
      fetch(`${url}${path}`, {
        method: init.body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${await token(init.user ?? 'participant_admin')}` },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      }),
    async close() {
      held.release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await node.close();
    },
  };
  const bank = await allocateParty(testNode, 'bank');
  await createUser(testNode, 'desk', [bank]);
  const deskToken = await token('desk');
  // The first request with a token verifies it through express; from then on the fast lane
  // answers submit-and-wait.
  await send(testNode, { method: 'get', path: '/v2/state/ledger-end', token: deskToken });
  const submit = (path: string, body: unknown) =>
    send(testNode, { method: 'post', path, token: deskToken, body });
  return { testNode, held, bank, submit, deskToken, responses };
}
