import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';

export type Started = { readonly url: string; readonly server: Server; close(): Promise<void> };

/** Serves a request listener on a free port of 127.0.0.1. */
export async function listen(listener: RequestListener): Promise<Started> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export type LogLine = { level: number; msg: string; [key: string]: unknown };

/** A pino logger whose lines a test can read back. */
export function recordingLogger() {
  const lines: LogLine[] = [];
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => lines.push(JSON.parse(line)) },
  );
  return { logger, lines };
}
