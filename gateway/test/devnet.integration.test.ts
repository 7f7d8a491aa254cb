import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, json } from './ledger-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

const tickSeconds = 600;
const openRound = '#splice-amulet:Splice.Round:OpenMiningRound';

describe('the devnet time machine over HTTP', () => {
  let node: TestNode;
  let dso: string;

  const openRounds = async () => {
    const body = await json<
      Array<{
        contractEntry: {
          JsActiveContract: {
            createdEvent: { createArgument: { round: { number: string }; amuletPrice: string } };
          };
        };
      }>
    >(
      await node.call('/v2/state/active-contracts', {
        user: 'dso-reader',
        body: {
          activeAtOffset: (await json<{ offset: number }>(await node.call('/v2/state/ledger-end')))
            .offset,
          eventFormat: {
            filtersByParty: {
              [dso]: {
                cumulative: [
                  { identifierFilter: { TemplateFilter: { value: { templateId: openRound } } } },
                ],
              },
            },
          },
        },
      }),
    );
    return body
      .map((entry) => entry.contractEntry.JsActiveContract.createdEvent.createArgument)
      .map((round) => ({ number: Number(round.round.number), price: round.amuletPrice }))
      .sort((a, b) => a.number - b.number);
  };
  const now = async () =>
    json<{ now: string; now_micros: string }>(await node.call('/api/devnet/v0/time'));

  beforeAll(async () => {
    node = await startTestNode({ devnet: true });
    dso = node.node.devnet?.parties.dso ?? '';
    await createUser(node, 'dso-reader', [], [dso]);
  });
  afterAll(() => node.close());

  it('starts with rounds 0, 1 and 2 open', async () => {
    expect((await openRounds()).map((round) => round.number)).toEqual([0, 1, 2]);
  });

  it('moves time forward and opens the rounds that fall due on the way', async () => {
    const before = await now();
    const after = await json<{ now: string; now_micros: string }>(
      await node.call('/api/devnet/v0/time/advance', { body: { seconds: 2 * tickSeconds } }),
    );
    expect(BigInt(after.now_micros) - BigInt(before.now_micros)).toBe(
      BigInt(2 * tickSeconds * 1e6),
    );
    expect((await openRounds()).map((round) => round.number)).toEqual([2, 3, 4]);
  });

  it('opens rounds on request, at the amulet price that was set', async () => {
    const price = await json(
      await node.call('/api/devnet/v0/amulet-price', { body: { price: '0.02' } }),
    );
    expect(price).toEqual({ amulet_price: '0.0200000000' });
    await json(await node.call('/api/devnet/v0/rounds/advance', { body: { count: 1 } }));
    const rounds = await openRounds();
    expect(rounds.map((round) => round.number)).toEqual([3, 4, 5]);
    expect(rounds.at(-1)?.price).toBe('0.0200000000');
  });

  it('serves the ledger time at /v2/time and refuses to set it back', async () => {
    const { currentTime } = await json<{ currentTime: string }>(await node.call('/v2/time'));
    expect(currentTime).toBe((await now()).now);
    const later = new Date(Date.parse(currentTime) + 60_000).toISOString();
    const moved = await json<{ currentTime: string }>(
      await node.call('/v2/time', { body: { newTime: later } }),
    );
    expect(moved.currentTime.slice(0, 19)).toBe(later.slice(0, 19));
    const back = await node.call('/v2/time', { body: { newTime: currentTime } });
    expect(back.status).toBe(400);
    expect(await back.json()).toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('lets only a participant admin control time, and answers bad input with an error object', async () => {
    const denied = await node.call('/api/devnet/v0/time/advance', {
      user: 'dso-reader',
      body: { seconds: 1 },
    });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toHaveProperty('error');
    const malformed = await node.call('/api/devnet/v0/time/advance', { body: { seconds: -5 } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: expect.stringMatching(/seconds/) });
    const tooMany = await node.call('/api/devnet/v0/rounds/advance', { body: { count: 0 } });
    expect(tooMany.status).toBe(400);
  });
});
