import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allocateParty,
  createIou,
  createLedgerHttp,
  createUser,
  exercise,
  iouTemplate,
  type LedgerHttp,
  ledgerEnd,
  readActiveContracts,
  readJson,
  type Submission,
  submitAndWait,
} from './ledger-http.ts';
import { createProcessSet, createTempDir } from './node-process.ts';
import { startPocketnet } from './pocketnet-process.ts';

const parallel = 10;
const rounds = 5;
const desk = 'desk';

type Answer = { status: number; body: Record<string, unknown> };

async function submitTogether(http: LedgerHttp, submissions: readonly Submission[]) {
  return Promise.all(
    submissions.map(async (submission): Promise<Answer> => {
      const response = await submitAndWait(http, desk, submission);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }),
  );
}

const contextOf = (answer: Answer) => answer.body.context as Record<string, string>;

describe('concurrent submissions to one node over HTTP', () => {
  const processes = createProcessSet();
  let removeDir: () => Promise<void> = async () => {};
  let http: LedgerHttp;
  let bank: string;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    const dir = await createTempDir('concurrent');
    removeDir = dir.remove;
    const node = await startPocketnet(processes, { dataDir: dir.path });
    http = createLedgerHttp(node.url);
    bank = await allocateParty(http, 'bank');
    alice = await allocateParty(http, 'alice');
    bob = await allocateParty(http, 'bob');
    await createUser(http, desk, [bank, alice, bob]);
  });
  afterAll(async () => {
    await processes.stopAll();
    await removeDir();
  });

  const readAll = async () => {
    const reader = { user: desk, parties: [bank, alice, bob] };
    const active = await readActiveContracts(http, reader, await ledgerEnd(http));
    return active.map(({ contractEntry }) => contractEntry.JsActiveContract.createdEvent);
  };

  const createAliceIou = async (commandId: string) => {
    const body = await readJson<{
      transaction: { events: Array<{ CreatedEvent?: { contractId: string } }> };
    }>(
      await http.call('/v2/commands/submit-and-wait-for-transaction', {
        user: desk,
        body: {
          commands: {
            commandId,
            actAs: [bank, alice],
            commands: [createIou({ issuer: bank, owner: alice, amount: '3', currency: 'USD' })],
          },
        },
      }),
    );
    return body.transaction.events[0]?.CreatedEvent?.contractId ?? '';
  };

  it('accepts exactly one of ten parallel submissions of the same change', async () => {
    for (let round = 0; round < rounds; round += 1) {
      const before = await ledgerEnd(http);
      const commandId = `duplicate-${round}-${Date.now()}`;
      const submission: Submission = {
        commandId,
        actAs: [bank, alice],
        commands: [createIou({ issuer: bank, owner: alice, amount: '7', currency: commandId })],
      };
      const answers = await submitTogether(http, Array(parallel).fill(submission));

      const accepted = answers.filter((answer) => answer.status === 200);
      expect(accepted).toHaveLength(1);
      const [winner] = accepted;
      expect(winner?.body.completionOffset).toBe(before + 1);
      const refused = answers.filter((answer) => answer.status !== 200);
      for (const answer of refused) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(409);
        expect(['DUPLICATE_COMMAND', 'SUBMISSION_ALREADY_IN_FLIGHT']).toContain(answer.body.code);
        if (answer.body.code === 'DUPLICATE_COMMAND') {
          expect(contextOf(answer).existing_update_id).toBe(winner?.body.updateId);
        }
      }
      expect(await ledgerEnd(http)).toBe(before + 1);
      // Once the winner is durable, a retry learns which update it became.
      const [retry] = await submitTogether(http, [submission]);
      expect(retry).toMatchObject({ status: 409, body: { code: 'DUPLICATE_COMMAND' } });
      expect(retry && contextOf(retry).existing_update_id).toBe(winner?.body.updateId);
      expect(await ledgerEnd(http)).toBe(before + 1);
      const created = (await readAll()).filter(
        (event) => event.createArgument.currency === commandId,
      );
      expect(created).toHaveLength(1);
    }
  });

  it('lets exactly one of ten parallel consuming exercises of one contract succeed', async () => {
    for (let round = 0; round < rounds; round += 1) {
      const iouId = await createAliceIou(`contended-${round}-${Date.now()}`);
      expect(iouId).not.toBe('');
      const before = await ledgerEnd(http);
      const transfers = Array.from({ length: parallel }, (_, index) => ({
        commandId: `transfer-${round}-${index}-${Date.now()}`,
        actAs: [alice],
        commands: [exercise(iouTemplate, iouId, 'Iou_Transfer', { newOwner: bob })],
      }));
      const answers = await submitTogether(http, transfers);

      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(refused).toHaveLength(parallel - 1);
      for (const answer of refused) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(404);
        expect(answer.body.code).toBe('CONTRACT_NOT_FOUND');
      }
      expect(await ledgerEnd(http)).toBe(before + 1);
      const active = await readAll();
      expect(active.some((event) => event.contractId === iouId)).toBe(false);
      const offers = active.filter((event) => event.templateId.endsWith(':Iou:IouTransfer'));
      const newOffers = offers.filter((event) => event.offset === before + 1);
      expect(newOffers).toHaveLength(1);
      expect(newOffers[0]?.createArgument).toMatchObject({ iou: { owner: alice }, newOwner: bob });
      expect(offers).toHaveLength(round + 1);
    }
  });
});
