import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';

// What the gateway relies on in express, beyond its signatures: its request listener (the
// submit fast lane first, then the app) hands the app requests as a plain listener would.

async function serve(listener: RequestListener) {
  const server = createServer(listener);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, close: () => server.close() };
}

describe('express, as the gateway uses it', () => {
  it('is a request listener: called with (req, res), it routes and answers', async () => {
    const app = express();
    app.use(express.json());
    app.post('/echo', (req, res) => void res.json({ got: req.body }));
    let handed = 0;
    const { base, close } = await serve((req, res) => {
      handed += 1;
      app(req, res);
    });
    try {
      const answer = await fetch(`${base}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ a: 1 }),
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ got: { a: 1 } });
      expect(handed).toBe(1);
    } finally {
      close();
    }
  });
});
