import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { DomainError } from '@pocketnet/ledger';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpForwarding, type HttpForwardingDeps } from './http-forwarding.ts';
import { isForwardedToWriter, isPlannedByReplica } from './replica-routes.ts';
import type { ForwardedHttpRequest } from './writer-command.ts';

describe('which requests a gateway replica hands to the writer', () => {
  it.each([
    ['POST', '/v2/parties', true],
    ['POST', '/v2/users', true],
    ['PATCH', '/v2/users/alice', true],
    ['DELETE', '/v2/idps/idp1', true],
    ['POST', '/v2/packages', true],
    ['POST', '/api/devnet/v0/time/advance', true],
    ['POST', '/api/validator/v0/wallet/tap', true],
    ['POST', '/v2/interactive-submission/execute', true],
    ['POST', '/v2/commands/submit-and-wait', false],
    ['POST', '/v2/state/active-contracts', false],
    ['POST', '/v2/updates', false],
    ['POST', '/v2/updates/update-by-id', false],
    ['POST', '/api/scan/v0/updates', false],
    ['POST', '/api/validator/v0/wallet/transfer-offers/t1/status', false],
    ['GET', '/v2/parties', false],
    ['GET', '/graphql', false],
    ['GET', '/api/validator/v0/wallet/balance', false],
  ])('%s %s → writer: %s', (method, path, forwarded) => {
    expect(isForwardedToWriter(method, path)).toBe(forwarded);
  });

  it.each([
    ['POST', '/v2/parties', true],
    ['PATCH', '/v2/parties/alice::1220ab', true],
    ['POST', '/v2/parties/external/allocate', true],
    ['POST', '/v2/users', true],
    ['POST', '/v2/users/alice/rights', true],
    ['DELETE', '/v2/idps/idp1', true],
    ['POST', '/api/validator/v0/register', true],
    ['POST', '/api/validator/v0/admin/users', true],
    ['POST', '/api/validator/v0/admin/users/offboard', true],
    ['GET', '/v2/users', false],
    ['POST', '/v2/packages', false],
    ['POST', '/v2/interactive-submission/execute', false],
    ['POST', '/api/validator/v0/wallet/tap', false],
  ])('%s %s → planned on a replica that can catch up: %s', (method, path, planned) => {
    expect(isPlannedByReplica(method, path)).toBe(planned);
  });
});

describe('a replica’s front door', () => {
  let server: Server | null = null;
  afterEach(async () => {
    await new Promise((done) => server?.close(done) ?? done(null));
    server = null;
  });

  async function serve(deps: Partial<HttpForwardingDeps>) {
    const forwarded: ForwardedHttpRequest[] = [];
    const handler = createHttpForwarding({
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
    const response = await fetch(`${base}/v2/parties?x=1`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: '{"partyIdHint":"alice"}',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-writer')).toBe('yes');
    expect(await response.text()).toBe('from the writer');
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]).toMatchObject({
      method: 'POST',
      url: '/v2/parties?x=1',
      headers: { authorization: 'Bearer t' },
    });
    expect(Buffer.from(forwarded[0]?.body ?? '', 'base64').toString()).toBe(
      '{"partyIdHint":"alice"}',
    );
    expect(forwarded[0]?.headers.host).toBeUndefined();
  });

  it('serves plan-based writes itself once caught up, when it can catch up', async () => {
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
  });

  it('refuses a plan-based write it cannot catch up for, as the API’s error', async () => {
    const { base, forwarded } = await serve({
      catchUp: () => Promise.reject(new DomainError('UNAVAILABLE', 'Redis is away')),
    });
    const refused = await fetch(`${base}/v2/users`, { method: 'POST', body: '{"user":{}}' });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ code: 'UNAVAILABLE' });
    expect(forwarded).toHaveLength(0);
  });

  it('serves reads itself, and renders a failed hand-over as the API’s error', async () => {
    const { base } = await serve({
      forward: () => Promise.reject(new DomainError('UNAVAILABLE', 'Redis is away')),
    });
    expect(await (await fetch(`${base}/v2/parties`)).text()).toBe('local');
    const refused = await fetch(`${base}/v2/users`, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ code: 'UNAVAILABLE' });
  });

  it('hands GraphQL mutations to the writer and serves queries itself, body and all', async () => {
    const echo = (req: IncomingMessage, res: ServerResponse) => {
      let text = '';
      req.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      req.on('end', () => void res.writeHead(200).end(`local saw ${text}`));
    };
    const { base, forwarded } = await serve({ local: echo });
    const post = (body: unknown) =>
      fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((response) => response.text());
    const query = { query: '{ ledgerEnd }' };
    expect(await post(query)).toBe(`local saw ${JSON.stringify(query)}`);
    expect(
      await post({ query: '# a comment\n mutation { advanceTime(seconds: 60) { micros } }' }),
    ).toBe('from the writer');
    expect(await post({ query: 'query Q { x } mutation M { tap }', operationName: 'M' })).toBe(
      'from the writer',
    );
    expect(await post({ query: '{ note(text: "# mutation") }' })).toContain('local saw');
    expect(forwarded.map((request) => request.url)).toEqual(['/graphql', '/graphql']);
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
