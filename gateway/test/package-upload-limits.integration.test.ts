import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDar, upload } from './dar-fixtures.ts';
import { expectRedactedDenial, expectRedactedUnauthenticated } from './ledger-calls.ts';
import { createUser } from './ledger-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

/** A small cap, so that passing it takes a test little memory and time. */
// Above the smallest of Splice's DARs (259 KB), so a real one fits.
const maxUploadBytes = 512 * 1024;

let node: TestNode;

beforeAll(async () => {
  node = await startTestNode({ limits: { maxUploadBytes } });
  await createUser(node, 'upload-nobody', []);
});
afterAll(() => node.close());

type Refusal = {
  status: number;
  text: string;
  body: unknown;
  contentType: string;
  headers: Record<string, string | string[] | undefined>;
  closed: Promise<void>;
};

/**
 * Starts an upload and sends only `sent` of its body, never ending it: an answer can only come
 * from a server that decided without the rest. `declared` is the Content-Length (none: chunked).
 */
function partialUpload(options: {
  path?: string;
  token: string | null;
  declared: number | null;
  sent: number;
}): Promise<Refusal> {
  const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
  if (options.token !== null) headers.authorization = `Bearer ${options.token}`;
  if (options.declared !== null) headers['content-length'] = String(options.declared);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${node.url}${options.path ?? '/v2/dars'}`,
      { method: 'POST', headers },
      (incoming) => {
        const closed = new Promise<void>((done) => incoming.socket.once('close', () => done()));
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const contentType = String(incoming.headers['content-type'] ?? '');
          const body = contentType.includes('json') ? JSON.parse(text) : text;
          const { headers } = incoming;
          resolve({ status: incoming.statusCode ?? 0, text, body, contentType, headers, closed });
        });
      },
    );
    // The server may close while the client still thinks it is uploading.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    outgoing.write(Buffer.alloc(options.sent, 7));
  });
}

const forgedToken = async () => {
  const [header, payload] = (await node.token('participant_admin')).split('.');
  return `${header}.${payload}.${'A'.repeat(43)}`;
};

describe('package uploads decide before reading the body', () => {
  it.each(['/v2/packages', '/v2/dars', '/v2/dars/validate'])(
    'refuses an anonymous upload to %s from its first bytes and closes the connection',
    async (path) => {
      const refusal = await partialUpload({ path, token: null, declared: 200_000, sent: 1024 });
      expectRedactedUnauthenticated(refusal);
      await refusal.closed;
    },
  );

  it('refuses a forged token the same way', async () => {
    const token = await forgedToken();
    const refusal = await partialUpload({ token, declared: 200_000, sent: 1024 });
    expectRedactedUnauthenticated(refusal);
    await refusal.closed;
  });

  it('refuses a user without ParticipantAdmin before reading its upload', async () => {
    const token = await node.token('upload-nobody');
    const refusal = await partialUpload({ token, declared: 200_000, sent: 1024 });
    expectRedactedDenial(refusal);
    await refusal.closed;
  });
});

describe('package uploads are capped', () => {
  it('answers 413 from a Content-Length over the cap without reading the body', async () => {
    const token = await node.token('participant_admin');
    const declared = 250 * 1024 * 1024;
    const refusal = await partialUpload({ token, declared, sent: 1024 });
    expect(refusal.status).toBe(413);
    expect(refusal.text).toBe(
      `Request Content-Length of ${declared} bytes exceeds the configured limit of ${maxUploadBytes} bytes`,
    );
    await refusal.closed;
  });

  it('answers 413 once a body without a length passes the cap, and cuts the upload off', async () => {
    const token = await node.token('participant_admin');
    const refusal = await partialUpload({ token, declared: null, sent: maxUploadBytes + 1 });
    expect(refusal.status).toBe(413);
    expect(refusal.text).toMatch(/exceeds the configured limit of 524288 bytes/);
    await refusal.closed;
  });

  it('reads an upload within the cap and answers it', async () => {
    const dar = await sharedDar('splice-api-featured-app-v1-1.0.0.dar');
    expect(dar.length).toBeLessThan(maxUploadBytes);
    const { status } = await upload(node, '/v2/dars', dar);
    expect(status).toBe(200);
    const listed = await fetch(`${node.url}/v2/packages`, {
      headers: { authorization: `Bearer ${await node.token('participant_admin')}` },
    }).then((response) => response.json() as Promise<{ packageIds: string[] }>);
    expect(listed.packageIds).toContain(
      '7804375fe5e4c6d5afe067bd314c42fe0b7d005a1300019c73154dd939da4dda',
    );
  });
});
