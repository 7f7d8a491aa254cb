import { mintDevToken } from '@pocketnet/gateway';
import {
  allocateParty,
  createUser,
  iouTemplate,
  type LedgerHttp,
  readJson,
  submitAndWait,
} from './ledger-http.ts';
import { openPausedWebSocket, type PausedWebSocket } from './paused-websocket.ts';

// What the tests of the stream limits commit and how they watch it: Iou creates of 128 KiB
// each, ~10 MB in all, well past the ~4 MB loopback buffers for a client that reads nothing.

const count = 80;
const textBytes = 128 * 1024;
export const banker = 'banker';

/** A `bank` party and a `banker` user acting as it. */
export async function setUpBank(http: LedgerHttp): Promise<string> {
  const bank = await allocateParty(http, 'bank');
  await createUser(http, banker, [bank]);
  return bank;
}

/** A paused `/v2/updates` subscription of the banker to `bank`'s updates after `begin`. */
export async function openPausedUpdates(
  url: string,
  stream: { bank: string; beginExclusive: number },
): Promise<PausedWebSocket> {
  const token = await mintDevToken({ userId: banker });
  return openPausedWebSocket(url, {
    path: '/v2/updates',
    protocols: ['daml.ws.auth', `jwt.token.${token}`],
    request: {
      beginExclusive: stream.beginExclusive,
      filter: { filtersByParty: { [stream.bank]: {} } },
      verbose: false,
    },
  });
}

/** Commits the Iou creates, four at a time; the last offset. */
export async function commitBulkyIous(http: LedgerHttp, bank: string): Promise<number> {
  const filler = 'x'.repeat(textBytes);
  let last = 0;
  const submit = async (index: number) => {
    const createArguments = {
      issuer: bank,
      owner: bank,
      amount: '1.0',
      observers: [],
      currency: `${index}-${filler}`,
    };
    const commands = [{ CreateCommand: { templateId: iouTemplate, createArguments } }];
    const submission = { commandId: `bulky-${index}`, actAs: [bank], commands };
    const answer = await readJson<{ completionOffset: number }>(
      await submitAndWait(http, banker, submission),
    );
    last = Math.max(last, answer.completionOffset);
  };
  const lanes = 4;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let index = lane; index < count; index += lanes) await submit(index);
    }),
  );
  return last;
}

type UpdateMessage = { update?: { Transaction?: { value: { offset: number } } } };

/** The offset of the last update among `messages`. */
export const lastOffsetOf = (messages: readonly unknown[]) =>
  messages.map((message) => (message as UpdateMessage).update?.Transaction?.value.offset).at(-1);
