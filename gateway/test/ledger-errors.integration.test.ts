import { request as httpRequest } from 'node:http';
import { DomainError } from '@pocketnet/ledger';
import { allocatePartyRequestSchema, jsCommandsSchema } from '@pocketnet/schema';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBody, decodeLedgerRequest } from '../src/http/decode-body.ts';
import { createJsonBodyParser, maxRequestBodyBytes } from '../src/http/json-body.middleware.ts';
import {
  createLedgerErrorHandler,
  createLedgerNotFoundHandler,
} from '../src/http/ledger-error.middleware.ts';
import { listen, recordingLogger, type Started } from './http-harness.ts';
import { expectMatchesSpec } from './openapi-validator.ts';

const { logger, lines } = recordingLogger();
let started: Started;

beforeAll(async () => {
  const app = express();
  app.use(createJsonBodyParser());
  app.post('/echo', (req, res) => {
    res.json({ body: req.body ?? null });
  });
  app.post('/v2/parties', (req, res) => {
    res.json(decodeBody(allocatePartyRequestSchema, req.body));
  });
  app.post('/v2/commands/submit-and-wait', (req, res) => {
    const commands = decodeLedgerRequest('JsCommands', req.body);
    res.json({ commandId: commands.commandId });
  });
  app.get('/v2/users/:id', (req) => {
    throw new DomainError(
      'USER_NOT_FOUND',
      `getting user failed for unknown user "${req.params.id}"`,
      {
        details: { userId: req.params.id },
      },
    );
  });
  app.get('/v2/authenticated-user', () => {
    throw new DomainError(
      'UNAUTHENTICATED',
      'The access token expired at 2026-01-01T00:00:00.000Z',
    );
  });
  app.get('/v2/state/ledger-end', () => {
    throw new Error('database handle is gone: secret-detail');
  });
  app.post('/zod', () => {
    jsCommandsSchema.parse({});
  });
  app.use(createLedgerNotFoundHandler());
  app.use(createLedgerErrorHandler({ logger, participant: 'participant1' }));
  started = await listen(app);
});

afterAll(() => started.close());

/** A POST with exactly these headers: fetch would add a Content-Type on its own. */
function rawPost(path: string, body: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string | undefined; text: string }>(
    (resolve, reject) => {
      const req = httpRequest(`${started.url}${path}`, { method: 'POST', headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], text }),
        );
      });
      req.on('error', reject);
      req.end(body);
    },
  );
}

describe('ledger API error handling', () => {
  it('answers a DomainError with its Canton status and a JsCantonError body the spec accepts', async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const response = await fetch(`${started.url}/v2/users/bob`, {
      headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` },
    });
    const body = await response.json();
    expect(response.status).toBe(404);
    expectMatchesSpec({ spec: 'ledger', method: 'GET', path: '/v2/users/bob', status: 404, body });
    expect(body).toEqual({
      code: 'USER_NOT_FOUND',
      cause: 'getting user failed for unknown user "bob"',
      traceId,
      context: { participant: "'participant1'", category: '11', definite_answer: 'false' },
      resources: [['USER', 'bob']],
      errorCategory: 11,
      grpcCodeValue: 5,
      definiteAnswer: false,
    });
  });

  it('redacts an authentication failure as Canton does, and logs the reason', async () => {
    const response = await fetch(`${started.url}/v2/authenticated-user`);
    const body = await response.json();
    expect(response.status).toBe(401);
    expectMatchesSpec({
      spec: 'ledger',
      method: 'GET',
      path: '/v2/authenticated-user',
      status: 401,
      body,
    });
    expect(body).toMatchObject({
      code: 'NA',
      cause: 'A security-sensitive error has been received',
      context: { ledger_api_error: 'invalid token' },
      errorCategory: -1,
      grpcCodeValue: 16,
    });
    expect(lines.some((line) => line.msg.includes('expired at 2026-01-01'))).toBe(true);
  });

  it('answers malformed JSON with a text/plain 400', async () => {
    const response = await rawPost('/v2/parties', '{"partyIdHint": ', {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(400);
    expect(response.type).toMatch(/^text\/plain/);
    expect(response.text).toMatch(/^Invalid value for: body \(.+\)$/);
    expectMatchesSpec({
      spec: 'ledger',
      method: 'POST',
      path: '/v2/parties',
      status: 400,
      body: response.text,
    });
  });

  it('parses a JSON body that comes without a Content-Type, or with a wrong one', async () => {
    for (const headers of [
      {},
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
    ]) {
      const response = await rawPost('/echo', '{"offset": 12, "parties": ["a"]}', headers);
      expect(JSON.parse(response.text)).toEqual({ body: { offset: 12, parties: ['a'] } });
    }
  });

  it('leaves an empty body undefined, which a route with a required body refuses', async () => {
    expect(JSON.parse((await rawPost('/echo', '')).text)).toEqual({ body: null });
    const response = await rawPost('/v2/parties', '');
    expect([response.status, response.text]).toEqual([
      400,
      'Invalid value for: body (exhausted input)',
    ]);
  });

  it('names the fields a body gets wrong', async () => {
    const body = JSON.stringify({
      commands: [{ CreateCommand: { createArguments: {} } }],
      actAs: 'alice',
    });
    const response = await rawPost('/v2/commands/submit-and-wait', body);
    expect(response.status).toBe(400);
    expect(response.text).toContain(
      "Missing required field at 'commands[0].CreateCommand.templateId'",
    );
    expect(response.text).toContain("Missing required field at 'commandId'");
    expect(response.text).toContain(
      `Got value '"alice"' with wrong type, expecting array at 'actAs'`,
    );
  });

  it('hands a route the decoded body', async () => {
    const body = {
      commands: [{ CreateCommand: { templateId: 't', createArguments: {} } }],
      commandId: 'c-9',
      actAs: [],
    };
    const response = await rawPost('/v2/commands/submit-and-wait', JSON.stringify(body));
    expect(JSON.parse(response.text)).toEqual({ commandId: 'c-9' });
  });

  it('answers a ZodError a route let through as a text/plain 400 too', async () => {
    const response = await rawPost('/zod', '{}');
    expect(response.status).toBe(400);
    expect(response.text).toContain("Missing required field at 'commandId'");
  });

  it('refuses a body over 10 MiB with a 413 in Pekko HTTP words', async () => {
    const response = await fetch(`${started.url}/echo`, {
      method: 'POST',
      body: new Uint8Array(maxRequestBodyBytes + 1),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(
      `Request Content-Length of ${maxRequestBodyBytes + 1} bytes exceeds the configured limit of ${maxRequestBodyBytes} bytes`,
    );
  });

  it('refuses a chunked body once it passes 10 MiB', async () => {
    const chunk = new Uint8Array(1024 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 11; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await fetch(`${started.url}/echo`, {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.text()).toMatch(/^Aggregated data length of request entity exceeds/);
  });

  it('accepts a body of exactly 10 MiB', async () => {
    const body = JSON.stringify({ blob: 'x'.repeat(maxRequestBodyBytes - 11) });
    expect(Buffer.byteLength(body)).toBe(maxRequestBodyBytes);
    const response = await rawPost('/echo', body);
    expect(response.status).toBe(200);
  });

  it('answers a bug with a fixed 500 that hides the cause, and logs the cause once', async () => {
    const before = lines.filter((line) => line.level >= 50).length;
    const response = await fetch(`${started.url}/v2/state/ledger-end`);
    const body = (await response.json()) as { correlationId?: string };
    expect(response.status).toBe(500);
    expectMatchesSpec({
      spec: 'ledger',
      method: 'GET',
      path: '/v2/state/ledger-end',
      status: 500,
      body,
    });
    expect(JSON.stringify(body)).not.toContain('secret-detail');
    expect(body).toMatchObject({
      code: 'LEDGER_API_INTERNAL_ERROR',
      errorCategory: 4,
      grpcCodeValue: 13,
    });
    const errors = lines.filter((line) => line.level >= 50).slice(before);
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain('secret-detail');
    expect(errors[0]?.correlationId).toBe(body.correlationId);
  });

  it('answers an unknown path with a text/plain 404', async () => {
    const response = await fetch(`${started.url}/v2/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('The requested resource could not be found.');
  });
});
