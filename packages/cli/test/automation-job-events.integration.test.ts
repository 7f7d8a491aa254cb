import { randomUUID } from 'node:crypto';
import { dropRedisPrefix } from '@pocketnet/automations';
import { afterEach, describe, expect, it } from 'vitest';
import { type Collected, graphqlCall, sseCollect, wsCollect } from './graphql-streams.ts';
import { createProcessSet, findFreePort, waitForHttpOk } from './node-process.ts';
import { isBannerComplete, nodeArgs } from './pocketnet-process.ts';

// The automations' job events end to end: `pocketnet start` (a devnet, its SV work run as jobs)
// on each runner, subscribed to over SSE and graphql-ws while the devnet's rounds advance.

const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const subscription = `subscription {
  automationJobEvents(queue: "sv-automation") { queue jobId name state progress outcome failedReason at }
}`;

type JobEvent = { queue: string; jobId: string; name: string; state: string; at: string };

const eventsOf = (stream: Collected): JobEvent[] =>
  stream.results.map((result) => {
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data?.automationJobEvents as JobEvent;
  });

/** The states, in order, of the first job the stream saw from its very start. */
function firstWholeJob(stream: Collected): string[] | null {
  const events = eventsOf(stream).filter((event) => event.state !== 'PROGRESS');
  const first = events.find((event) => event.state === 'WAITING');
  if (first === undefined) return null;
  const states = events.filter((event) => event.jobId === first.jobId).map((e) => e.state);
  return states.includes('COMPLETED') || states.includes('FAILED') ? states : null;
}

describe('automationJobEvents through `pocketnet start`', () => {
  const processes = createProcessSet();
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await processes.stopAll();
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  const start = async (env: { REDIS_URL: string; POCKETNET_REDIS_PREFIX?: string }) => {
    const saved = { url: process.env.REDIS_URL, prefix: process.env.POCKETNET_REDIS_PREFIX };
    Object.assign(process.env, env);
    const port = await findFreePort();
    const spawned = processes.spawn(
      process.execPath,
      nodeArgs(['start', '--port', String(port), '--ephemeral']),
      {},
    );
    // Put back as it was: an unset REDIS_URL left set but empty would send the next test file
    // (they share the process) to no Redis at all.
    if (saved.url === undefined) delete process.env.REDIS_URL;
    else process.env.REDIS_URL = saved.url;
    if (saved.prefix === undefined) delete process.env.POCKETNET_REDIS_PREFIX;
    else process.env.POCKETNET_REDIS_PREFIX = saved.prefix;
    const banner = await spawned.waitForOutput(isBannerComplete);
    const url = `http://127.0.0.1:${port}`;
    await waitForHttpOk(`${url}/readyz`);
    return { url, banner, token: / {2}admin token +(\S+)\n/.exec(banner)?.[1] ?? '' };
  };

  const runners = [
    ['in-process', async () => ({ REDIS_URL: '' })],
    [
      'bullmq',
      async () => {
        const prefix = `test-${randomUUID()}`;
        cleanups.push(() => dropRedisPrefix(redisUrl, prefix).then(() => {}));
        return { REDIS_URL: redisUrl, POCKETNET_REDIS_PREFIX: prefix };
      },
    ],
  ] as const;

  it.each(runners)('streams each job WAITING → ACTIVE → COMPLETED (%s)', async (runner, env) => {
    const node = await start(await env());
    const queues = await graphqlCall(node.url, node.token, '{ automationQueues { runner } }');
    expect(queues.data).toEqual({ automationQueues: { runner } });
    const sse = await sseCollect(node.url, node.token, subscription);
    const ws = await wsCollect(node.url, node.token, subscription);
    try {
      // Each advance returns once the jobs it caused are done; a stream that subscribed late
      // (graphql-ws does not acknowledge a subscription) sees whole jobs of the next one.
      for (let round = 0; round < 5; round += 1) {
        if (firstWholeJob(sse) !== null && firstWholeJob(ws) !== null) break;
        const advanced = await graphqlCall(
          node.url,
          node.token,
          'mutation { advanceRounds(count: 1) { micros } }',
        );
        expect(advanced.errors).toBeUndefined();
      }
      while (firstWholeJob(sse) === null) await sse.next();
      while (firstWholeJob(ws) === null) await ws.next();
      for (const stream of [sse, ws]) {
        expect(firstWholeJob(stream)).toEqual(['WAITING', 'ACTIVE', 'COMPLETED']);
        const events = eventsOf(stream);
        expect(new Set(events.map((event) => event.queue))).toEqual(new Set(['sv-automation']));
        expect(
          events.every((event) => event.name !== '' && !Number.isNaN(Date.parse(event.at))),
        ).toBe(true);
      }
    } finally {
      sse.close();
      ws.close();
    }
  });

  it('refuses the subscription without an operator token', async () => {
    const node = await start({ REDIS_URL: '' });
    const sse = await sseCollect(node.url, '', subscription);
    while (sse.results.length === 0) await sse.next();
    expect(sse.results[0]?.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    sse.close();
  });
});
