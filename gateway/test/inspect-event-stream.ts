// A reader of server-sent events over fetch, as the tests consume the transition stream.

export type ServerEvent = {
  /** The `event:` field, `message` without one, `comment` for a `:` line (a heartbeat). */
  readonly event: string;
  readonly data: string;
};

function parseBlock(block: string): ServerEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) return { event: 'comment', data: line.slice(1).trim() };
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    if (field === 'data') data.push(value);
  }
  return data.length === 0 ? null : { event, data: data.join('\n') };
}

export type EventStream = {
  readonly response: Response;
  /** The next event; null once the server has ended the stream. */
  next(): Promise<ServerEvent | null>;
  /** Reads on until an event of `type` whose data passes `accept`; null if the stream ends first. */
  until<T>(type: string, accept?: (data: T) => boolean): Promise<T | null>;
  close(): void;
};

/** Opens `url` as an event stream (with `headers`); the caller reads it with `next`/`until`. */
export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<ServerEvent | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (block) return block;
        continue;
      }
      const chunk = await reader?.read().catch(() => ({ done: true, value: undefined }));
      if (!chunk || chunk.done) return null;
      buffer += chunk.value;
    }
  };
  return {
    response,
    next,
    async until<T>(type: string, accept: (data: T) => boolean = () => true) {
      for (let event = await next(); event !== null; event = await next()) {
        if (event.event !== type) continue;
        const data = (type === 'comment' ? event.data : JSON.parse(event.data)) as T;
        if (accept(data)) return data;
      }
      return null;
    },
    close: () => controller.abort(),
  };
}
