import { afterEach, describe, expect, it } from 'vitest';
import {
  allocateParty,
  createTrader,
  iouSubmission,
  ledgerEndOf,
  traderUser,
} from './ledger-checks.ts';
import { offsetOf, type UpdateMessage, updatesRequest } from './network-http.ts';
import { type Outcome, submitUntilAnswered } from './resubmitting-clients.ts';
import { type Network, startNetwork } from './scale-out-network.ts';
import { openUpdatesStream } from './updates-stream.ts';

const commandCount = 600;
const offsetsIn = (messages: readonly UpdateMessage[]) =>
  messages.map(offsetOf).filter((offset) => !Number.isNaN(offset));

describe('an /v2/updates subscriber whose gateway dies', () => {
  let network: Network | null = null;
  afterEach(async () => {
    await network?.close();
    network = null;
  });

  it('reconnects to another gateway from its last offset with no gap and no duplicate', async () => {
    network = await startNetwork({ args: ['--no-devnet'] });
    const [a, b] = network.gateways as [Network['gateways'][0], Network['gateways'][0]];
    const bank = await allocateParty(b.url, 'bank');
    await createTrader(b.url, [bank]);
    const first = await openUpdatesStream(a.url, traderUser, updatesRequest([bank], 0));
    const steady = await openUpdatesStream(b.url, traderUser, updatesRequest([bank], 0));
    const outcomes = new Map<string, Outcome>();
    const producing = submitUntilAnswered({
      gateways: [b.url],
      user: traderUser,
      submissions: Array.from({ length: commandCount }, (_, index) =>
        iouSubmission(bank, bank, `stream-${index}`, '1.0'),
      ),
      concurrency: 8,
      outcomes,
    });
    // Halfway through, the subscriber's gateway is killed under it.
    await first.until((messages) => offsetsIn(messages).length >= commandCount / 3);
    await a.process.kill('SIGKILL');
    await first.closed;
    const received = offsetsIn(first.messages);
    const last = received.at(-1) ?? 0;
    const second = await openUpdatesStream(b.url, traderUser, updatesRequest([bank], last));
    await producing;
    const end = await ledgerEndOf(b.url);
    await second.until((messages) => (offsetsIn(messages).at(-1) ?? 0) >= end);
    await steady.until((messages) => (offsetsIn(messages).at(-1) ?? 0) >= end);
    second.close();
    steady.close();

    const joined = [...received, ...offsetsIn(second.messages)];
    const everyOffset = Array.from({ length: end }, (_, index) => index + 1);
    expect(joined).toEqual(everyOffset);
    expect(offsetsIn(steady.messages)).toEqual(everyOffset);
    expect(outcomes.size).toBe(commandCount);
  }, 300_000);
});
