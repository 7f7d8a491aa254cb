import { afterEach, describe, expect, it } from 'vitest';
import { driveCommands, mapConcurrently, type Outcome } from './command-driver.ts';
import {
  allocateParty,
  createIou,
  createLedgerHttp,
  createUser,
  type LedgerHttp,
  ledgerEnd,
  offsetsOf,
  readActiveContracts,
  readJson,
  readUpdates,
  type Submission,
  type TransactionJson,
} from './ledger-http.ts';
import { createProcessSet, createTempDir } from './node-process.ts';
import { type PocketnetProcess, startPocketnet } from './pocketnet-process.ts';

const commandCount = 1000;
const crashes = 3;
const acknowledgementsPerLife = 250;
const concurrency = 20;
const trader = 'trader';

type Parties = { bank: string; alice: string };

const submissionFor = (index: number, { bank, alice }: Parties): Submission => {
  const commandId = `crash-${String(index).padStart(4, '0')}`;
  const amount = `${index + 1}.5`;
  return {
    commandId,
    actAs: [bank, alice],
    commands: [createIou({ issuer: bank, owner: alice, amount, currency: commandId })],
  };
};

async function updateById(http: LedgerHttp, parties: Parties, updateId: string) {
  const eventFormat = {
    filtersByParty: { [parties.bank]: {}, [parties.alice]: {} },
  };
  const body = await readJson<{ update: { Transaction?: { value: TransactionJson } } }>(
    await http.call('/v2/updates/update-by-id', {
      user: trader,
      body: {
        updateId,
        updateFormat: {
          includeTransactions: { eventFormat, transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' },
        },
      },
    }),
  );
  return body.update.Transaction?.value;
}

describe('a node killed with SIGKILL while 1,000 commands run', () => {
  const processes = createProcessSet();
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await processes.stopAll();
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('keeps every acknowledged update and commits every retried command exactly once', async () => {
    const dir = await createTempDir('crash');
    cleanups.push(dir.remove);
    let node: PocketnetProcess = await startPocketnet(processes, { dataDir: dir.path });
    let http = createLedgerHttp(node.url);
    const parties = {
      bank: await allocateParty(http, 'bank'),
      alice: await allocateParty(http, 'alice'),
    };
    await createUser(http, trader, [parties.bank, parties.alice]);
    const submissions = Array.from({ length: commandCount }, (_, index) =>
      submissionFor(index, parties),
    );
    const outcomes = new Map<string, Outcome>();
    const kills: Array<Promise<unknown>> = [];

    for (let life = 0; life <= crashes; life += 1) {
      const current = node;
      await driveCommands({
        http,
        user: trader,
        // Clients retry what they do not know to be committed, under the same command id.
        submissions: submissions.filter(({ commandId }) => !outcomes.has(commandId)),
        concurrency,
        outcomes,
        acknowledgementsBeforeCrash: life < crashes ? acknowledgementsPerLife : Infinity,
        crash: () => kills.push(current.stop('SIGKILL')),
      });
      if (life === crashes) break;
      expect(await current.process.exited).toMatchObject({ signal: 'SIGKILL' });
      node = await startPocketnet(processes, { dataDir: dir.path });
      http = createLedgerHttp(node.url);
    }
    await Promise.all(kills);
    expect(outcomes.size).toBe(commandCount);
    const acknowledged = [...outcomes].filter(([, outcome]) => outcome.kind === 'acknowledged');
    expect(acknowledged.length).toBeGreaterThanOrEqual(crashes * acknowledgementsPerLife);

    // The update stream: party allocations and transactions at consecutive offsets up to the end.
    const end = await ledgerEnd(http);
    const reader = { user: trader, parties: [parties.bank, parties.alice] };
    const updates = await readUpdates(http, reader, end, 'TRANSACTION_SHAPE_ACS_DELTA');
    expect(offsetsOf(updates)).toEqual(Array.from({ length: end }, (_, index) => index + 1));
    expect(updates.filter(({ update }) => update.TopologyTransaction)).toHaveLength(2);
    const transactions = updates.flatMap(({ update }) =>
      update.Transaction ? [update.Transaction.value] : [],
    );
    expect(transactions).toHaveLength(commandCount);

    // Each command committed once, as the update the client was told about.
    const byCommand = new Map(transactions.map((tx) => [tx.commandId, tx]));
    expect(byCommand.size).toBe(commandCount);
    for (const [commandId, outcome] of outcomes) {
      expect(byCommand.get(commandId), commandId).toMatchObject({
        updateId: outcome.updateId,
        offset: outcome.offset,
      });
    }
    const found = await mapConcurrently(acknowledged, concurrency, ([, outcome]) =>
      updateById(http, parties, outcome.updateId),
    );
    expect(found.map((tx) => tx?.offset)).toEqual(acknowledged.map(([, o]) => o.offset));

    // The active contract set: one Iou per command, carrying that command's id and amount.
    const active = await readActiveContracts(http, reader, end);
    const ious = active.map(({ contractEntry }) => contractEntry.JsActiveContract.createdEvent);
    expect(ious).toHaveLength(commandCount);
    expect(ious.every((event) => event.templateId.endsWith(':Iou:Iou'))).toBe(true);
    const iouByCommand = new Map(ious.map((event) => [event.createArgument.currency, event]));
    for (const [index, { commandId }] of submissions.entries()) {
      const iou = iouByCommand.get(commandId);
      expect(iou?.createArgument.amount, commandId).toBe(`${index + 1}.5000000000`);
      const createdBy = byCommand.get(commandId)?.events[0]?.CreatedEvent?.contractId;
      expect(iou?.contractId, commandId).toBe(createdBy);
    }
  }, 60_000);
});
