import { createServer, type Server } from 'node:http';
import { DomainError } from '@pocketnet/ledger';
import type { ForwardedHttpRequest } from '@pocketnet/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { createReplicaFrontDoor, type ReplicaFrontDoorDeps } from './replica-front-door.ts';

describe('a replica’s front door', () => {
  let server: Server | null = null;
  afterEach(async () => {
    await new Promise((done) => server?.close(done) ?? done(null));
    server = null;
  });

  async function serve(deps: Partial<ReplicaFrontDoorDeps>) {
    const forwarded: ForwardedHttpRequest[] = [];
    const handler = createReplicaFrontDoor({
      forward: async (request) => {
        forwarded.push(request);
        return {
          status: 201,
          headers: { 'content-type': 'text/plain', 'x-writer': 'yes' },
          body: Buffer.from('from the writer').toString('base64'),
        };
      },
      local: (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('local'),
      isConnected: () => true,
      renderError: (error) => ({ status: 503, body: { code: (error as DomainError).code } }),
      ...deps,
    });
    server = createServer(handler);
    await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { base: `http://127.0.0.1:${port}`, forwarded };
  }

  it('hands writes to the writer whole and answers with the writer’s answer', async () => {
    const { base, forwarded } = await serve({});
    const response = await fetch(`${base}/v2/packages?x=1`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/octet-stream' },
      body: 'a dar',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-writer')).toBe('yes');
    expect(await response.text()).toBe('from the writer');
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]).toMatchObject({
      method: 'POST',
      url: '/v2/packages?x=1',
      headers: { authorization: 'Bearer t' },
    });
    expect(Buffer.from(forwarded[0]?.body ?? '', 'base64').toString()).toBe('a dar');
    expect(forwarded[0]?.headers.host).toBeUndefined();
  });

  it('serves participant plans itself once caught up, and without catching up hands them over', async () => {
    const order: string[] = [];
    const { base, forwarded } = await serve({
      catchUp: async () => {
        order.push('caught up');
      },
      local: (_req, res) => {
        order.push('served');
        res.writeHead(200, { 'content-type': 'text/plain' }).end('local');
      },
    });
    const allocated = await fetch(`${base}/v2/parties`, { method: 'POST', body: '{}' });
    expect(await allocated.text()).toBe('local');
    expect(order).toEqual(['caught up', 'served']);
    const tapped = await fetch(`${base}/api/validator/v0/wallet/tap`, { method: 'POST' });
    expect(await tapped.text()).toBe('from the writer');
    expect(forwarded.map((request) => request.url)).toEqual(['/api/validator/v0/wallet/tap']);
    server?.close();
    const unplanned = await serve({});
    const handed = await fetch(`${unplanned.base}/v2/users`, { method: 'POST', body: '{}' });
    expect(await handed.text()).toBe('from the writer');
  });

  it('refuses a participant plan it cannot catch up for, as the API’s error', async () => {
    const { base, forwarded } = await serve({
      catchUp: () => Promise.reject(new DomainError('UNAVAILABLE', 'Redis is away')),
    });
    const refused = await fetch(`${base}/v2/users`, { method: 'POST', body: '{"user":{}}' });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ code: 'UNAVAILABLE' });
    expect(forwarded).toHaveLength(0);
  });

  it('serves reads and GraphQL itself, and renders a failed hand-over as the API’s error', async () => {
    const { base, forwarded } = await serve({
      forward: () => Promise.reject(new DomainError('UNAVAILABLE', 'Redis is away')),
    });
    expect(await (await fetch(`${base}/v2/parties`)).text()).toBe('local');
    const graphql = await fetch(`${base}/graphql`, {
      method: 'POST',
      body: '{"query":"mutation { tap }"}',
    });
    expect(await graphql.text()).toBe('local');
    const refused = await fetch(`${base}/v2/packages`, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ code: 'UNAVAILABLE' });
    expect(forwarded).toHaveLength(0);
  });

  it('says it is not ready while the journal is unreachable, and sheds submissions when full', async () => {
    const { base } = await serve({ isConnected: () => false, isFull: () => true });
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    const shed = await fetch(`${base}/v2/commands/submit-and-wait`, {
      method: 'POST',
      body: '{"a":1}',
    });
    expect(await shed.json()).toEqual({ code: 'PARTICIPANT_BACKPRESSURE' });
  });
});
