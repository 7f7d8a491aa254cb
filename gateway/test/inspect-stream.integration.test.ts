import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAuthenticator } from '../src/auth/authenticator.ts';
import { createInspectApi } from '../src/inspect/inspect.routes.ts';
import { listen, type Started } from './http-harness.ts';
import { openEventStream } from './inspect-event-stream.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// The transition stream's life: heartbeats while nothing moves, and no stream left behind when
// the client goes away or the server ends it. The real node's actor registry feeds it.

describe('the transition stream', () => {
  let node: TestNode;
  let server: Started;
  let api: ReturnType<typeof createInspectApi>;

  beforeAll(async () => {
    node = await startTestNode({ devnet: true });
    const actors = node.node.actors;
    api = createInspectApi({
      actors,
      authenticator: createAuthenticator({ mode: 'hs256', secret: 'unsafe' }),
      logger: pino({ level: 'silent' }),
      heartbeatMs: 20,
    });
    const app = express();
    app.use((_req, res, next) => {
      res.locals.callerError = new Error('only access_token is used here');
      next();
    });
    app.use('/api/inspect/v0', api.router);
    server = await listen(app);
  });
  afterAll(async () => {
    await server.close();
    await node.close();
  });

  const open = async () => {
    const token = await node.token('participant_admin');
    const stream = await openEventStream(
      `${server.url}/api/inspect/v0/transitions?access_token=${token}`,
    );
    await stream.until('ready');
    return stream;
  };

  it('sends a heartbeat comment while no actor moves', async () => {
    const stream = await open();
    expect(await stream.until<string>('comment')).toBe('heartbeat');
    stream.close();
  });

  it('forgets a stream once its client has gone', async () => {
    const stream = await open();
    expect(api.openStreams()).toBe(1);
    stream.close();
    await vi.waitFor(() => expect(api.openStreams()).toBe(0));
  });

  it('ends every stream when asked to, so that the server can close', async () => {
    const streams = [await open(), await open()];
    expect(api.openStreams()).toBe(2);
    api.closeStreams();
    for (const stream of streams) expect(await stream.until('transition')).toBeNull();
    expect(api.openStreams()).toBe(0);
  });
});
