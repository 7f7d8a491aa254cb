import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLeanHttpClient } from './lean-http-client.ts';

const json = { 'content-type': 'application/json' };

describe('the load generator’s lean HTTP client', () => {
  let server: Server | null = null;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((done) => server?.close(done));
    server = null;
  });

  const serve = async (keepAliveTimeout = 5000) => {
    server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.once('end', () => {
        // As the gateway answers: a sized body, or (a refusal) writeHead then end: chunked.
        if (req.url === '/sized') {
          const text = JSON.stringify({ echo: body, auth: req.headers.authorization });
          res.writeHead(200, { ...json, 'content-length': Buffer.byteLength(text) }).end(text);
        } else {
          res.writeHead(409, json);
          res.write('{"code":');
          res.end('"PARTICIPANT_BACKPRESSURE"}');
        }
      });
    });
    server.keepAliveTimeout = keepAliveTimeout;
    await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  it('reads sized and chunked answers over a few kept-alive connections', async () => {
    const client = createLeanHttpClient(await serve(), 2);
    const headers = 'Authorization: Bearer t\r\nContent-Type: application/json\r\n';
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        client.post(index % 2 ? '/sized' : '/refused', headers, `{"n":${index}}`, () => {}),
      ),
    );
    expect(answers[1]).toEqual({
      status: 200,
      text: JSON.stringify({ echo: '{"n":1}', auth: 'Bearer t' }),
    });
    expect(answers[0]).toEqual({ status: 409, text: '{"code":"PARTICIPANT_BACKPRESSURE"}' });
    expect(answers.map((answer) => answer.status)).toEqual(
      Array.from({ length: 10 }, (_, index) => (index % 2 ? 200 : 409)),
    );
    const connections = await new Promise<number>((done) =>
      server?.getConnections((_, count) => done(count)),
    );
    expect(connections).toBe(2);
  });

  it('sends again on a fresh connection once the server closed an idle one', async () => {
    const client = createLeanHttpClient(await serve(50), 1);
    const first = await client.post('/sized', '', 'a', () => {});
    await new Promise((resume) => setTimeout(resume, 200));
    const second = await client.post('/sized', '', 'b', () => {});
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(JSON.parse(second.text)).toMatchObject({ echo: 'b' });
  });
});
