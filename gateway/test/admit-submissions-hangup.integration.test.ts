import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startAdmittingNode } from './admitting-node.ts';

// The express-routed submissions' admission slot is held until the route has answered, even
// when the client hangs up first: its command is still in flight, so it still counts.

const submitPath = '/v2/commands/submit-and-wait-for-transaction';

type Answer = { status: number; body: unknown };

/** A raw POST of `length` bytes on a connection of its own, which the test may cut. */
function open(url: string, token: string, length: number) {
  const outgoing = request(`${url}${submitPath}`, {
    method: 'POST',
    agent: false,
    headers: { authorization: `Bearer ${token}`, 'content-length': String(length) },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const isJson = String(incoming.headers['content-type']).includes('json');
        resolve({ status: incoming.statusCode ?? 0, body: isJson ? JSON.parse(text) : text });
      });
    });
    outgoing.on('error', reject);
  });
  // A cut request's rejection is expected; one that was not cut still fails where awaited.
  answer.catch(() => {});
  return { outgoing, answer };
}

/** Sends the whole `payload`. */
function post(url: string, token: string, payload: string) {
  const exchange = open(url, token, Buffer.byteLength(payload));
  exchange.outgoing.end(payload);
  return exchange;
}

let commandCounter = 0;

/** An Iou create as a JsSubmitAndWaitForTransactionRequest. */
function iouSubmission(bank: string): string {
  commandCounter += 1;
  const createArguments = { issuer: bank, owner: bank, currency: 'USD', amount: '1.0' };
  const create = {
    CreateCommand: {
      templateId: '#pocketnet-examples:Iou:Iou',
      createArguments: { ...createArguments, observers: [] },
    },
  };
  const commands = { commandId: `admit-${commandCounter}`, actAs: [bank], commands: [create] };
  return JSON.stringify({ commands });
}

const stillWaiting = (ms: number) =>
  new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms));

describe('admission of express-routed submissions', () => {
  let stop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await stop?.();
    stop = null;
  });

  const start = async () => {
    const admitting = await startAdmittingNode({ maxInFlight: 1, maxQueueMs: 600_000 });
    stop = () => admitting.testNode.close();
    const { held, bank, deskToken: token, responses } = admitting;
    return { held, bank, token, url: admitting.testNode.url, responses };
  };

  it('holds the slot of a client that hung up until its command has committed', async () => {
    const { held, bank, token, url, responses } = await start();
    held.hold();
    const before = held.appended();
    const gone = post(url, token, iouSubmission(bank));
    await expect.poll(held.appended).toBe(before + 1);
    const goneResponse = responses.at(-1);
    // The client hangs up while its command is held in the journal, and the server sees it go.
    gone.outgoing.destroy();
    await expect.poll(() => goneResponse?.closed).toBe(true);
    expect(goneResponse?.writableEnded).toBe(false);

    const refusedBody = iouSubmission(bank);
    const refused = post(url, token, refusedBody);
    const outcome = await Promise.race([refused.answer, stillWaiting(2000)]);
    expect(outcome).toMatchObject({ status: 409, body: { code: 'PARTICIPANT_BACKPRESSURE' } });

    held.release();
    // The route ends its answer (to nobody) once the command has committed; then it is free.
    await expect.poll(() => goneResponse?.writableEnded).toBe(true);
    const accepted = post(url, token, refusedBody);
    expect(await accepted.answer).toMatchObject({ status: 200 });
  });

  it('frees the slot of an error answer and of a body broken off, once each is answered', async () => {
    const { bank, token, url, responses } = await start();
    const malformed = post(url, token, '{ not json');
    expect((await malformed.answer).status).toBe(400);

    // A body cut short: the route answers 400 to nobody, and only then frees the slot.
    const seen = responses.length;
    const partial = open(url, token, 100);
    partial.outgoing.write(Buffer.alloc(10, 32));
    await expect.poll(() => responses.length).toBe(seen + 1);
    const partialResponse = responses.at(-1);
    partial.outgoing.destroy();
    await expect.poll(() => partialResponse?.writableEnded).toBe(true);

    for (let round = 0; round < 2; round += 1) {
      const accepted = post(url, token, iouSubmission(bank));
      expect(await accepted.answer).toMatchObject({ status: 200 });
    }
  });
});
