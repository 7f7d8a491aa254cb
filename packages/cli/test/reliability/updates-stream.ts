import { tokenOf, type UpdateMessage } from './network-http.ts';

/** A `/v2/updates` WebSocket stream: what it has received, and a way to wait for more. */
export type UpdatesStream = {
  readonly messages: UpdateMessage[];
  /** Resolves once the socket closed (the server cut it, or `close`). */
  readonly closed: Promise<void>;
  /** Resolves once `done` holds of the messages so far; rejects if the stream closes first. */
  until(done: (messages: readonly UpdateMessage[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
};

/** Opens `/v2/updates` on a gateway as `user`, sending `request` once open. */
export async function openUpdatesStream(
  base: string,
  user: string,
  request: unknown,
): Promise<UpdatesStream> {
  const token = await tokenOf(user);
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/v2/updates`, [
    'daml.ws.auth',
    `jwt.token.${token}`,
  ]);
  const messages: UpdateMessage[] = [];
  const listeners = new Set<() => void>();
  let isClosed = false;
  const closed = new Promise<void>((resolve) => {
    socket.addEventListener('close', () => {
      isClosed = true;
      for (const listener of listeners) listener();
      resolve();
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`no WebSocket to ${base}`)), {
      once: true,
    });
  });
  socket.addEventListener('message', (event) => {
    messages.push(JSON.parse(String(event.data)) as UpdateMessage);
    for (const listener of listeners) listener();
  });
  socket.send(JSON.stringify(request));
  return {
    messages,
    closed,
    until: (done, timeoutMs = 20_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => finish(new Error(`stream: no end after ${timeoutMs} ms`)),
          timeoutMs,
        );
        function finish(error?: Error) {
          clearTimeout(timer);
          listeners.delete(check);
          if (error) reject(error);
          else resolve();
        }
        function check() {
          if (done(messages)) finish();
          else if (isClosed) finish(new Error('the stream closed first'));
        }
        listeners.add(check);
        check();
      }),
    close: () => socket.close(),
  };
}
