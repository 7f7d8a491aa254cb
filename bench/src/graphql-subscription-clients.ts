import { createInterface } from 'node:readline';
import type { ClientPlan } from './graphql-client-processes.ts';

// A child process of the GraphQL subscription benchmark: opens `count` WebSocket clients
// (Node's own WebSocket), subscribes each (graphql-transport-ws, or nothing for the raw
// baseline), and counts the events each receives and whether their offsets ascend. It prints
// `{"ready":true}` once every client is subscribed; told "start <seconds>" on stdin, it counts
// what arrives in that many seconds of its own clock (the serving process may be too busy to
// keep time) and prints the counts; told "drain <n>", it waits for every client still
// connected to have n events (or for five quiet seconds) and prints the final counts; told
// "close", it closes every client, prints once all have closed, and exits.
//
// A client whose subscription ends (an error frame, the socket closed by the server) is cut
// off: it is counted with the reason, and the time of the first cut-off is kept, so that the
// delivery rate while every client was still served can be told from the rest.
//
// The benchmark spreads its subscribers over several of these processes (one cannot read 500k
// frames a second), so the window's report carries what the parent needs to add them up: the
// received count sampled along the window (to total every process's events at the first
// cut-off anywhere) and this process's own CPU time (to tell a client that was the bound).

type Frame = { type?: string; payload?: unknown };

/** The offset of a `next` frame, read without parsing the whole frame (clients stay cheap). */
const offsetOf = (text: string) => {
  const at = text.indexOf('"offset":');
  return at < 0 ? -1 : Number.parseInt(text.slice(at + 9, at + 30), 10);
};

const plan = JSON.parse(process.argv[2] ?? '{}') as ClientPlan;
const received = new Array<number>(plan.count).fill(0);
const lastOffsets = new Array<number>(plan.count).fill(-1);
const cut = new Array<boolean>(plan.count).fill(false);
const sockets: WebSocket[] = [];
const reasons = new Map<string, number>();
let total = 0;
let outOfOrder = 0;
let closing = false;
/** When the window began, and the first cut-off in it: seconds into it, events received by then. */
let windowStart: { at: number; total: number } | null = null;
let firstCut: { seconds: number; window: number } | null = null;

/** The message of an error frame, or of a `next` frame that carries errors. */
function messageOf(frame: Frame): string {
  const payload = frame.payload as { errors?: unknown } | unknown[] | undefined;
  const errors = Array.isArray(payload) ? payload : (payload?.errors as unknown[] | undefined);
  const first = errors?.[0] as { message?: string } | undefined;
  return `${frame.type} frame: ${first?.message ?? JSON.stringify(payload)}`;
}

/** Client `index` is served no more, for `reason`; counted once (the first reason wins). */
function cutOff(index: number, reason: string) {
  if (cut[index] || closing) return;
  cut[index] = true;
  reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  if (windowStart !== null && firstCut === null) {
    const seconds = (performance.now() - windowStart.at) / 1000;
    firstCut = { seconds, window: total - windowStart.total };
  }
}

function counted(index: number, offset: number) {
  if (offset <= (lastOffsets[index] ?? -1)) outOfOrder += 1;
  lastOffsets[index] = offset;
  received[index] = (received[index] ?? 0) + 1;
  total += 1;
}

function open(index: number): Promise<void> {
  const socket = new WebSocket(plan.url, plan.kind === 'graphql' ? 'graphql-transport-ws' : []);
  sockets[index] = socket;
  return new Promise((resolve, reject) => {
    socket.onerror = () => reject(new Error(`client ${index} failed`));
    socket.onclose = (event) =>
      cutOff(index, `closed by the server: ${event.code} ${event.reason}`);
    socket.onopen = () => {
      if (plan.kind === 'raw') return resolve();
      const payload = { authorization: `Bearer ${plan.token}` };
      socket.send(JSON.stringify({ type: 'connection_init', payload }));
    };
    // A subscription id of its own, as graphql-ws's client generates one (a random UUID), so the
    // gateway cannot build one frame for every subscriber; the bare server broadcasts one frame
    // (id "1") to all, as the baseline does.
    const id = plan.kind === 'raw' ? '1' : crypto.randomUUID();
    const nextPrefix = `{"id":"${id}","type":"next"`;
    socket.onmessage = (event) => {
      const text = String(event.data);
      if (text.startsWith(nextPrefix) && !text.includes('"errors":')) {
        return counted(index, offsetOf(text));
      }
      const frame = JSON.parse(text) as Frame;
      if (frame.type === 'connection_ack') {
        const payload = { query: plan.query, variables: plan.variables };
        socket.send(JSON.stringify({ id, type: 'subscribe', payload }));
        return resolve();
      }
      if (frame.type === 'error' || frame.type === 'next' || frame.type === 'complete') {
        cutOff(index, messageOf(frame));
      }
    };
  });
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
  const served = received.filter((_, index) => !cut[index]).sort((a, b) => a - b);
  return {
    total,
    min: sorted[0] ?? 0,
    max: sorted.at(-1) ?? 0,
    outOfOrder,
    /** The fewest events any client still connected has. */
    servedMin: served[0] ?? null,
    cutOffs: cut.filter(Boolean).length,
    reasons: Object.fromEntries(reasons),
    firstCut,
  };
};

/** Until every client still connected has `expected` events, or nothing came for five seconds. */
async function drained(expected: number) {
  let seen = total;
  let quietSince = performance.now();
  while ((counts().servedMin ?? expected) < expected && performance.now() - quietSince < 5000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (total !== seen) {
      seen = total;
      quietSince = performance.now();
    }
  }
}

async function closeAll() {
  closing = true;
  const closed = sockets.map(
    (socket) =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.addEventListener('close', () => resolve());
        socket.close(1000, 'done');
      }),
  );
  await Promise.race([Promise.all(closed), new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

for await (const line of createInterface({ input: process.stdin })) {
  const [command, argument] = line.trim().split(' ');
  if (command === 'start') {
    const started = { at: performance.now(), total };
    windowStart = started;
    const cpu = process.cpuUsage();
    const timeline: Array<readonly [number, number]> = [];
    const sample = () =>
      timeline.push([(performance.now() - started.at) / 1000, total - started.total]);
    const sampling = setInterval(sample, 100);
    await new Promise((resolve) => setTimeout(resolve, Number(argument) * 1000));
    clearInterval(sampling);
    sample();
    const used = process.cpuUsage(cpu);
    const seconds = (performance.now() - started.at) / 1000;
    const window = total - started.total;
    const cpuSeconds = (used.user + used.system) / 1e6;
    console.log(JSON.stringify({ window, seconds, cpuSeconds, timeline, ...counts() }));
  } else if (command === 'drain') {
    await drained(Number(argument));
    console.log(JSON.stringify(counts()));
  } else if (command === 'close') {
    await closeAll();
    console.log(JSON.stringify({ closed: true }));
    process.exit(0);
  }
}
