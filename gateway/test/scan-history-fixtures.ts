import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSimulatedClock } from '@pocketnet/ledger';
import {
  createNode,
  defaultDevnetConfig,
  type PocketnetNode,
  type ScanOptions,
} from '@pocketnet/runtime';
import { pino } from 'pino';
import { expect } from 'vitest';
import { createGateway, mintDevToken } from '../src/index.ts';
import { json } from './ledger-fixtures.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import type { TestNode } from './test-node.ts';

/** What a scan call answered; the body is already checked against the spec for its status. */
export type ScanAnswer<T = Record<string, unknown>> = { readonly status: number; readonly body: T };

/**
 * Calls a Scan operation without a token (Scan is public) and checks the answer against
 * Splice main's scan.yaml for the status it came with.
 */
export async function scan<T = Record<string, unknown>>(
  node: Pick<TestNode, 'url'>,
  path: string,
  body?: unknown,
): Promise<ScanAnswer<T>> {
  const method = body === undefined ? 'GET' : 'POST';
  const response = await fetch(`${node.url}/api/scan${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const parsed = text === '' ? undefined : (JSON.parse(text) as T);
  expectMatchesSpec({ spec: 'scan-main', method, path, status: response.status, body: parsed });
  return { status: response.status, body: parsed as T };
}

/** A scan call that must succeed. */
export async function scanOk<T = Record<string, unknown>>(
  node: Pick<TestNode, 'url'>,
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await scan<T>(node, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** A scan call that must fail with `status` and Splice's `{ error }` body (whose text is returned). */
export async function scanError(
  node: Pick<TestNode, 'url'>,
  path: string,
  status: number,
  body?: unknown,
): Promise<string> {
  const answer = await scan<{ error: string }>(node, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(typeof answer.body.error).toBe('string');
  return answer.body.error;
}

const audience = 'https://canton.network.global';

export type ScanNode = {
  readonly node: PocketnetNode;
  readonly url: string;
  /** A token of the participant admin, for the devnet controls. */
  adminToken(): Promise<string>;
  close(): Promise<void>;
};

/** A devnet node with the gateway, its Scan configured by `scan`; simulated clock. */
export async function startScanNode(options: { scan?: ScanOptions } = {}): Promise<ScanNode> {
  const node = await createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    dataDir: null,
    clock: createSimulatedClock(1_767_225_600_000_000n),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
    devnet: defaultDevnetConfig,
    ...(options.scan ? { scan: options.scan } : {}),
  });
  const gateway = createGateway({
    node,
    auth: { mode: 'hs256', secret: 'unsafe', audience },
    logger: pino({ level: 'silent' }),
  });
  const server = createServer(gateway.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    node,
    url: `http://127.0.0.1:${port}`,
    adminToken: () => mintDevToken({ userId: 'participant_admin', secret: 'unsafe', audience }),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await node.close();
    },
  };
}

export type UpdateItem = {
  update_id: string;
  migration_id: number;
  workflow_id: string;
  record_time: string;
  synchronizer_id: string;
  effective_at: string;
  offset?: string;
  root_event_ids: string[];
  events_by_id: Record<string, TreeEvent>;
};

export type TreeEvent = {
  event_type: 'created_event' | 'exercised_event';
  event_id: string;
  contract_id: string;
  template_id: string;
  package_name: string;
  create_arguments?: unknown;
  choice?: string;
  choice_argument?: unknown;
  child_event_ids?: string[];
  exercise_result?: unknown;
  consuming?: boolean;
  acting_parties?: string[];
  signatories?: string[];
  observers?: string[];
};

/** Every update of the history, paged with `pageSize`. */
export async function wholeHistory(
  node: Pick<TestNode, 'url'>,
  pageSize = 1000,
  version: 'v1' | 'v2' = 'v2',
): Promise<UpdateItem[]> {
  const items: UpdateItem[] = [];
  for (;;) {
    const last = items.at(-1);
    const after = last
      ? { after: { after_migration_id: last.migration_id, after_record_time: last.record_time } }
      : {};
    const page = await scanOk<{ transactions: UpdateItem[] }>(node, `/${version}/updates`, {
      page_size: pageSize,
      ...after,
    });
    items.push(...page.transactions);
    if (page.transactions.length < pageSize) return items;
  }
}

/** Every transaction on the Ledger API so far (`/v2/updates` as the user `desk`), in order. */
export async function ledgerTransactionsOf<T>(
  node: Pick<TestNode, 'call'>,
  transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' | 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
): Promise<T[]> {
  const end = await json<{ offset: number }>(await node.call('/v2/state/ledger-end'));
  const response = await node.call('/v2/updates', {
    user: 'desk',
    body: {
      beginExclusive: 0,
      endInclusive: end.offset,
      updateFormat: {
        includeTransactions: {
          eventFormat: { filtersForAnyParty: { cumulative: [] }, verbose: false },
          transactionShape,
        },
      },
    },
  });
  const items = await json<Array<{ update: { Transaction?: { value: T } } }>>(response);
  return items.flatMap((item) => (item.update.Transaction ? [item.update.Transaction.value] : []));
}
