import {
  createInProcessRunner,
  parseAutomationConfig,
  scaleOutSettings,
} from '@pocketnet/automations';
import { mintDevToken } from '@pocketnet/gateway';
import { createSimulatedClock } from '@pocketnet/ledger';
import {
  defaultDevnetConfig,
  fileJournalStore,
  type LoadedState,
  memoryJournalStore,
} from '@pocketnet/runtime';
import type { Fixture } from '@pocketnet/schema';
import { pino } from 'pino';
import { type EmbeddedNode, startEmbeddedNode } from '../src/roles/embedded-lives.ts';
import { createLifeServers } from '../src/roles/life-servers.ts';

const secret = 'unsafe';
const audience = 'https://canton.network.global';

/** The devnet `pocketnet start` runs, in this process, behind its life servers on a free port. */
export type TimeMachineNode = {
  readonly embedded: EmbeddedNode;
  readonly url: string;
  readonly wsUrl: string;
  token(userId: string): Promise<string>;
  /** fetch with a JSON body as `user` (participant_admin unless told; null: no token). */
  call(
    path: string,
    init?: { method?: string; body?: unknown; user?: string | null },
  ): Promise<Response>;
  /** As `call`, but the answer must be 200: its JSON body. */
  json<T = Record<string, unknown>>(
    path: string,
    init?: { method?: string; body?: unknown; user?: string | null },
  ): Promise<T>;
  close(): Promise<void>;
};

/** A pino logger whose lines (warn and above) are kept in `lines`. */
const linesLogger = (lines: string[]) =>
  pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });

export async function startTimeMachineNode(
  options: {
    dataDir?: string;
    loadState?: LoadedState;
    fixture?: Fixture;
    seed?: string;
    /** How a revert puts the node back (in place unless told). */
    revert?: 'in place' | 'rebuild';
    /** Where the node's log lines (warnings and worse) go; silent without. */
    logs?: string[];
  } = {},
): Promise<TimeMachineNode> {
  const servers = createLifeServers('127.0.0.1');
  const embedded = await startEmbeddedNode({
    node: {
      onBackgroundError: (error) => console.error('background work failed', error),
      participantName: 'participant1',
      synchronizerName: 'global-domain',
      ledgerApiVersion: '3.4.12',
      devnet: { ...defaultDevnetConfig, seed: options.seed ?? defaultDevnetConfig.seed },
    },
    store: options.dataDir ? fileJournalStore(options.dataDir) : memoryJournalStore(),
    clock: createSimulatedClock(1_767_225_600_000_000n),
    config: parseAutomationConfig({}),
    createRunner: async (_scope, undo) => createInProcessRunner({ undo }),
    logger: options.logs ? linesLogger(options.logs) : pino({ level: 'silent' }),
    auth: { mode: 'hs256', secret, audience },
    settings: scaleOutSettings({}),
    servers,
    ...(options.loadState ? { loadState: options.loadState } : {}),
    ...(options.fixture ? { fixture: options.fixture } : {}),
    ...(options.revert ? { revert: options.revert } : {}),
  });
  const port = await servers.listen(0);
  const url = `http://127.0.0.1:${port}`;
  const token = (userId: string) => mintDevToken({ userId, secret, audience });
  const call: TimeMachineNode['call'] = async (path, init = {}) => {
    const user = init.user === undefined ? 'participant_admin' : init.user;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (user !== null) headers.authorization = `Bearer ${await token(user)}`;
    return fetch(`${url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  };
  let closed: Promise<void> | null = null;
  return {
    embedded,
    url,
    wsUrl: `ws://127.0.0.1:${port}`,
    token,
    call,
    async json(path, init) {
      const response = await call(path, init);
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`);
      return text === '' ? (undefined as never) : JSON.parse(text);
    },
    close() {
      closed ??= (async () => {
        embedded.current().closeStreams();
        await servers.close(0);
        await embedded.close();
      })();
      return closed;
    },
  };
}
