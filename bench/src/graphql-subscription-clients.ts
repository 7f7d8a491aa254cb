import { createInterface } from 'node:readline';

// A child process of the GraphQL subscription benchmark: opens `count` WebSocket clients
// (Node's own WebSocket), subscribes each (graphql-transport-ws, or nothing for the raw
// baseline), and counts the events each receives and whether their offsets ascend. It prints
// `{"ready":true}` once every client is subscribed; told "start <seconds>" on stdin, it counts
// what arrives in that many seconds of its own clock (the serving process may be too busy to
// keep time) and prints the counts; told "drain <n>", it waits for every client to have n
// events (or for five quiet seconds) and prints the final counts.

type Plan = {
  readonly url: string;
  readonly count: number;
  readonly kind: 'graphql' | 'raw';
  readonly token?: string;
  readonly query?: string;
  readonly variables?: Record<string, unknown>;
};

type Frame = { type?: string };

/** The offset of a `next` frame, read without parsing the whole frame (clients stay cheap). */
const offsetOf = (text: string) => {
  const at = text.indexOf('"offset":');
  return at < 0 ? -1 : Number.parseInt(text.slice(at + 9, at + 30), 10);
};

const plan = JSON.parse(process.argv[2] ?? '{}') as Plan;
const received = new Array<number>(plan.count).fill(0);
let total = 0;
let outOfOrder = 0;
let errors = 0;

function open(index: number): Promise<void> {
  const socket = new WebSocket(plan.url, plan.kind === 'graphql' ? 'graphql-transport-ws' : []);
  return new Promise((resolve, reject) => {
    socket.onerror = () => reject(new Error(`client ${index} failed`));
    socket.onopen = () => {
      if (plan.kind === 'raw') return resolve();
      const payload = { authorization: `Bearer ${plan.token}` };
      socket.send(JSON.stringify({ type: 'connection_init', payload }));
    };
    socket.onmessage = (event) => {
      const text = String(event.data);
      if (text.startsWith('{"id":"1","type":"next"') && !text.includes('"errors":')) {
        return counted(index, offsetOf(text));
      }
      const frame = JSON.parse(text) as Frame;
      if (frame.type === 'connection_ack') {
        const payload = { query: plan.query, variables: plan.variables };
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload }));
        return resolve();
      }
      if (frame.type === 'error' || frame.type === 'next') errors += 1;
    };
  });
}

const lastOffsets = new Array<number>(plan.count).fill(-1);
function counted(index: number, offset: number) {
  if (offset <= (lastOffsets[index] ?? -1)) outOfOrder += 1;
  lastOffsets[index] = offset;
  received[index] = (received[index] ?? 0) + 1;
  total += 1;
}

// Opened a few at a time, as a burst of 1,000 handshakes would overflow the listen backlog.
for (let first = 0; first < plan.count; first += 50) {
  const batch = [];
  for (let index = first; index < Math.min(plan.count, first + 50); index += 1) {
    batch.push(open(index));
  }
  await Promise.all(batch);
}
console.log(JSON.stringify({ ready: true }));

const counts = () => {
  const sorted = [...received].sort((a, b) => a - b);
  return { total, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0, outOfOrder, errors };
};

/** Until every client has `expected` events, or nothing has arrived for five seconds. */
async function drained(expected: number) {
  let seen = total;
  let quietSince = performance.now();
  while (counts().min < expected && performance.now() - quietSince < 5000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (total !== seen) {
      seen = total;
      quietSince = performance.now();
    }
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  const [command, argument] = line.trim().split(' ');
  if (command === 'start') {
    const before = total;
    const began = performance.now();
    await new Promise((resolve) => setTimeout(resolve, Number(argument) * 1000));
    const seconds = (performance.now() - began) / 1000;
    console.log(JSON.stringify({ window: total - before, seconds, ...counts() }));
  } else if (command === 'drain') {
    await drained(Number(argument));
    console.log(JSON.stringify(counts()));
    process.exit(0);
  }
}
