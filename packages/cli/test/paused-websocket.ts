import type { Socket } from 'node:net';
import { WebSocket } from 'ws';

// A WebSocket client that can stop reading as a stuck client does: its TCP socket paused, what
// the server sends stays in the network's buffers and then in the server's own.

export type PausedWebSocket = {
  /** Every text message received so far, parsed. */
  readonly messages: unknown[];
  /** The close code the server sent, or null while none has arrived. */
  closeCode(): number | null;
  /** Resolves once `holds` is true (checked at each message), or rejects after `timeoutMs`. */
  until(holds: () => boolean, timeoutMs: number): Promise<void>;
  /** Reads again: takes everything the server sent meanwhile. */
  resume(): void;
  destroy(): void;
};

/**
 * Opens `path` on `url` with `protocols`, sends `request` and stops reading at once: nothing
 * is taken off the socket until `resume`.
 */
export async function openPausedWebSocket(
  url: string,
  options: { path: string; protocols: readonly string[]; request: unknown },
): Promise<PausedWebSocket> {
  const ws = new WebSocket(new URL(options.path, url.replace(/^http/, 'ws')), [
    ...options.protocols,
  ]);
  const messages: unknown[] = [];
  let closeCode: number | null = null;
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of waiters) wake();
  };
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    wakeAll();
  });
  ws.on('close', (code) => {
    closeCode = code;
    wakeAll();
  });
  ws.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  // The TCP socket under the connection (`ws` keeps it in a field of its own).
  const tcp = (ws as unknown as { _socket: Socket })._socket;
  tcp.pause();
  ws.send(JSON.stringify(options.request));
  return {
    messages,
    closeCode: () => closeCode,
    until: (holds, timeoutMs) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`not so after ${timeoutMs} ms (${messages.length} messages)`));
        }, timeoutMs);
        function check() {
          if (!holds()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
        waiters.add(check);
        check();
      }),
    resume: () => tcp.resume(),
    destroy: () => ws.terminate(),
  };
}
