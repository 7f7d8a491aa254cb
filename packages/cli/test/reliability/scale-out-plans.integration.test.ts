import { createBullmqRunner, writerQueue } from '@pocketnet/automations/redis';
import { decodeCrossProcess, type WriterCommand } from '@pocketnet/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { callAs, eventually, ok } from './network-http.ts';
import { type Network, startNetwork } from './scale-out-network.ts';

// Plan-based writes (parties, users) on gateway replicas: each gateway plans the change on its
// own copy of the participant state and the writer commits it only on that same state.

type PartyDetails = { partyDetails: { party: string } };
type UserRights = { rights: Array<{ kind: Record<string, { value: { party: string } }> }> };

const allocate = async (base: string, hint: string) =>
  (await ok<PartyDetails>(base, '/v2/parties', { body: { partyIdHint: hint } })).partyDetails.party;

const readAs = (party: string) => ({ kind: { CanReadAs: { value: { party } } } });

const readableBy = (answer: UserRights) =>
  answer.rights.flatMap((right) =>
    right.kind.CanReadAs ? [right.kind.CanReadAs.value.party] : [],
  );

/** The kinds of the commands the writer ran for replicas, from its queue's finished jobs. */
async function commandKinds(network: Network): Promise<WriterCommand['kind'][]> {
  const runner = createBullmqRunner({
    redisUrl: network.redisUrl,
    prefix: network.prefix,
    onError: (error) => console.error('Redis error', error),
  });
  try {
    const jobs = await runner.list(writerQueue, 'completed', 10_000);
    return jobs.map(
      (job) => decodeCrossProcess<WriterCommand>((job.data as { command: string }).command).kind,
    );
  } finally {
    await runner.close();
  }
}

describe('plan-based writes on the gateways of a scaled-out network', () => {
  let network: Network | null = null;
  afterEach(async () => {
    await network?.close();
    network = null;
  });

  it('plans parties and users on either gateway; every replica holds them', async () => {
    network = await startNetwork({ args: ['--no-devnet'] });
    const [a, b] = network.gateways.map((gateway) => gateway.url) as [string, string];
    const everywhere = [a, b, network.writerUrl];
    // Parties from both gateways at once, each visible on the gateway that answered at once.
    const hints = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5'];
    const parties = await Promise.all(
      hints.map(async (hint, index) => {
        const via = index % 2 === 0 ? a : b;
        const party = await allocate(via, hint);
        expect((await callAs(via, `/v2/parties/${party}`)).status).toBe(200);
        return party;
      }),
    );
    await ok(a, '/v2/users', { body: { user: { id: 'teller' }, rights: [] } });
    // Rights granted to one user through both gateways at once: the plans conflict on the
    // writer, are planned again, and none is lost.
    await Promise.all(
      parties.map((party, index) =>
        ok(index % 2 === 0 ? b : a, '/v2/users/teller/rights', {
          body: { userId: 'teller', rights: [readAs(party)] },
        }),
      ),
    );
    for (const base of everywhere) {
      const rights = await eventually(
        () => ok<UserRights>(base, '/v2/users/teller/rights'),
        (answer) => readableBy(answer).length === parties.length,
      );
      expect(readableBy(rights).sort()).toEqual([...parties].sort());
    }
    // The writer ran them as planned changes, not as HTTP requests handed over whole.
    const kinds = await commandKinds(network);
    expect(kinds.filter((kind) => kind === 'plan').length).toBeGreaterThanOrEqual(
      hints.length + 1 + parties.length,
    );
    expect(kinds).not.toContain('http');
  }, 120_000);

  it('lets one of two gateways creating the same user win; the other answers it exists', async () => {
    network = await startNetwork({ args: ['--no-devnet'] });
    const [a, b] = network.gateways.map((gateway) => gateway.url) as [string, string];
    const create = (base: string) =>
      callAs<{ code?: string }>(base, '/v2/users', {
        body: { user: { id: 'contested' }, rights: [] },
      });
    const answers = await Promise.all([create(a), create(b)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.code).toBe('USER_ALREADY_EXISTS');
    const users = await ok<{ users: Array<{ id: string }> }>(network.writerUrl, '/v2/users');
    expect(users.users.filter((user) => user.id === 'contested')).toHaveLength(1);
  }, 120_000);
});
