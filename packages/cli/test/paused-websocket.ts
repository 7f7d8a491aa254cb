import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

// A WebSocket client spoken by hand over a TCP socket (this package has no WebSocket library),
// so that it can stop reading as a stuck client does: once paused, what the server sends stays
// in the network's buffers and then in the server's own.

export type PausedWebSocket = {
  /** Every text message received so far, parsed. */
  readonly messages: unknown[];
  /** The close code the server sent, or null while none has arrived. */
  closeCode(): number | null;
  /** Resolves once `holds` is true (checked at each frame), or rejects after `timeoutMs`. */
  until(holds: () => boolean, timeoutMs: number): Promise<void>;
  /** Reads again: takes everything the server sent meanwhile. */
  resume(): void;
  destroy(): void;
};

const opcodes = { continuation: 0, text: 1, close: 8 } as const;

/** A client frame: final, masked as RFC 6455 requires of clients. */
function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const length = payload.length;
  if (length > 0xffff) throw new Error('request message too long for this client');
  const header =
    length < 126
      ? Buffer.from([0x81, 0x80 | length])
      : Buffer.from([0x81, 0x80 | 126, length >> 8, length & 0xff]);
  const mask = randomBytes(4);
  const masked = payload.map((byte, index) => byte ^ (mask[index % 4] ?? 0));
  return Buffer.concat([header, mask, masked]);
}

type Frame = { fin: boolean; opcode: number; payload: Buffer; size: number };

/** The first whole (unmasked, server) frame in `buffer`, or null until it has all arrived. */
function frameAt(buffer: Buffer): Frame | null {
  if (buffer.length < 2) return null;
  const opcode = (buffer[0] ?? 0) & 0x0f;
  const short = (buffer[1] ?? 0) & 0x7f;
  let offset = 2;
  let length = short;
  if (short === 126) {
    if (buffer.length < 4) return null;
    length = buffer.readUInt16BE(2);
    offset = 4;
  } else if (short === 127) {
    if (buffer.length < 10) return null;
    length = Number(buffer.readBigUInt64BE(2));
    offset = 10;
  }
  if (buffer.length < offset + length) return null;
  const payload = buffer.subarray(offset, offset + length);
  return { fin: ((buffer[0] ?? 0) & 0x80) !== 0, opcode, payload, size: offset + length };
}

async function handshake(socket: Socket, request: string): Promise<Buffer> {
  socket.write(request);
  let received = Buffer.alloc(0);
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      const head = received.subarray(0, end).toString('latin1');
      if (!head.startsWith('HTTP/1.1 101')) reject(new Error(`upgrade refused:\n${head}`));
      else resolve(received.subarray(end + 4));
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

/**
 * Opens `path` with `protocols`, sends `request` as the one request message, and pauses at
 * once: the server's stream has nowhere to go but the buffers.
 */
export async function openPausedWebSocket(
  url: string,
  options: { path: string; protocols: readonly string[]; request: unknown },
): Promise<PausedWebSocket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const head = [
    `GET ${options.path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    'Sec-WebSocket-Version: 13',
    `Sec-WebSocket-Protocol: ${options.protocols.join(', ')}`,
  ].join('\r\n');
  let pending = await handshake(socket, `${head}\r\n\r\n`);
  const messages: unknown[] = [];
  let fragments: Buffer[] = [];
  let closeCode: number | null = null;
  const waiters = new Set<() => void>();
  const take = (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (let frame = frameAt(pending); frame !== null; frame = frameAt(pending)) {
      pending = pending.subarray(frame.size);
      if (frame.opcode === opcodes.close) closeCode = frame.payload.readUInt16BE(0);
      if (frame.opcode === opcodes.text || frame.opcode === opcodes.continuation) {
        fragments.push(Buffer.from(frame.payload));
        // A message may come in fragments; it is whole at its final frame.
        if (frame.fin) {
          messages.push(JSON.parse(Buffer.concat(fragments).toString('utf8')));
          fragments = [];
        }
      }
    }
    for (const wake of waiters) wake();
  };
  socket.on('error', () => undefined);
  socket.on('data', take);
  // Explicitly paused, the socket stays so with a data listener: nothing is read from now on.
  socket.pause();
  socket.write(maskedTextFrame(JSON.stringify(options.request)));
  if (pending.length > 0) take(Buffer.alloc(0));
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
    resume: () => socket.resume(),
    destroy: () => socket.destroy(),
  };
}
