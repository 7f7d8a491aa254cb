import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createFileJournal, type JournalRecord } from '@pocketnet/ledger';
import type { Caller, CommandSubmission } from '@pocketnet/runtime';
import { listen, type RunningServer } from './http-servers.ts';
import { iouTemplate } from './iou-commands.ts';
import type { IouNode } from './iou-node.ts';

// Servers that take the HTTP submit apart, for http-profile.ts: how much of it is the node
// without the gateway, and how much any durable submit pays at least.

type Body = {
  commands: Array<{ CreateCommand: { templateId: string; createArguments: unknown } }>;
  commandId: string;
  userId: string;
  actAs: string[];
};

function answer(response: ServerResponse, json: string): void {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
}

/** Reads the JSON body, then answers with what `then` makes of it (a 500 if it fails). */
function serveJson(then: (body: Body) => Promise<string>) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Body;
      then(body).then(
        (json) => answer(response, json),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
  };
}

function createSubmission(
  body: Body,
  create: { templateId: string; createArguments: unknown },
): CommandSubmission {
  return {
    commands: [
      {
        kind: 'create',
        templateId: create.templateId,
        createArguments: create.createArguments as never,
      },
    ],
    userId: body.userId,
    commandId: body.commandId,
    submissionId: crypto.randomUUID(),
    workflowId: '',
    actAs: body.actAs,
    readAs: [],
    deduplicationPeriod: { kind: 'empty' },
    disclosedContracts: [],
    synchronizerId: null,
    minLedgerTimeMicros: null,
  };
}

const callerOf = (ledger: IouNode): Caller => ({
  kind: 'user',
  userId: ledger.userId,
  identityProviderId: '',
});

/** The node without the gateway: the body parsed by hand, straight into the command service. */
export function startDirectServer(ledger: IouNode): Promise<RunningServer> {
  const caller = callerOf(ledger);
  return listen(
    createServer(
      serveJson(async (body) => {
        const create = body.commands[0]?.CreateCommand ?? { templateId: '', createArguments: {} };
        const record = await ledger.node.commands.submitAndWait(
          caller,
          createSubmission(body, create),
        );
        return JSON.stringify({ updateId: record.updateId, completionOffset: record.offset });
      }),
    ),
  );
}

/**
 * The floor under any durable submit: the bare server plus one durable append per request to a
 * file journal of its own, of a record as large as a real Iou create (one the node committed).
 */
export async function startFloorServer(
  ledger: IouNode,
  dir: string,
): Promise<RunningServer & { journalStats(): Record<string, number> }> {
  const { bank, alice, userId } = ledger;
  const createArguments = {
    issuer: bank,
    owner: alice,
    currency: 'USD',
    amount: '10.0',
    observers: [],
  };
  const sampleBody = { commands: [], commandId: 'floor-sample', userId, actAs: [bank, alice] };
  const sample = await ledger.node.commands.submitAndWait(
    callerOf(ledger),
    createSubmission(sampleBody, { templateId: iouTemplate, createArguments }),
  );
  // Records per synced write, and how long an append waited to be durable.
  const flushStats = { flushes: 0, records: 0, waitMs: 0 };
  const journal = await createFileJournal({
    dir,
    onFlush: ({ records }) => {
      flushStats.flushes += 1;
      flushStats.records += records;
    },
  });
  let offset = 0;
  const server = await listen(
    createServer(
      serveJson(async (body) => {
        offset += 1;
        const t0 = performance.now();
        await journal.append({ ...sample, offset } as JournalRecord);
        flushStats.waitMs += performance.now() - t0;
        const updateId = `1220${body.commandId.padEnd(64, '0').slice(0, 64)}`;
        return JSON.stringify({ updateId, completionOffset: offset });
      }),
    ),
  );
  return {
    url: server.url,
    journalStats: () => ({
      recordsPerWrite: flushStats.records / flushStats.flushes,
      meanDurableWaitMs: flushStats.waitMs / flushStats.records,
    }),
    async close() {
      await server.close();
      await journal.close();
    },
  };
}
