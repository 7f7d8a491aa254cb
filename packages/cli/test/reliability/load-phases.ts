import { Agent, request as httpRequest } from 'node:http';
import { createLeanHttpClient } from './lean-http-client.ts';
import { tokenOf } from './network-http.ts';

export type Shot = {
  readonly status: number;
  readonly code: string;
  readonly ms: number;
  /** How long the request waited for one of the client's connections before it was sent. */
  readonly waitedMs: number;
  /** Where a refusal came from, by its cause: the gateway's limit or the writer's queue. */
  readonly refusedBy?: string;
};

export type PhaseResult = {
  readonly shots: readonly Shot[];
  readonly seconds: number;
  /** Acknowledged commands per second. */
  readonly acceptedPerSecond: number;
  readonly acceptedP50: number;
  readonly acceptedP99: number;
  /** Median latency of the refused. */
  readonly refusedP50: number;
  /** How many answers of each code (`200` for acknowledgements). */
  readonly codes: Readonly<Record<string, number>>;
  /** How many refusals of each origin (refusedBy). */
  readonly refusedBy: Readonly<Record<string, number>>;
  /** Median wait for a client connection (the load generator's own queue). */
  readonly waitedP50: number;
};

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

export function summarise(shots: readonly Shot[], seconds: number): PhaseResult {
  const accepted = shots.filter((shot) => shot.status === 200).map((shot) => shot.ms);
  accepted.sort((a, b) => a - b);
  const refused = shots.filter((shot) => shot.status !== 200).map((shot) => shot.ms);
  refused.sort((a, b) => a - b);
  const codes: Record<string, number> = {};
  const refusedBy: Record<string, number> = {};
  for (const shot of shots) {
    codes[shot.code] = (codes[shot.code] ?? 0) + 1;
    if (shot.refusedBy) refusedBy[shot.refusedBy] = (refusedBy[shot.refusedBy] ?? 0) + 1;
  }
  const waited = shots.map((shot) => shot.waitedMs).sort((a, b) => a - b);
  return {
    shots,
    seconds,
    acceptedPerSecond: accepted.length / seconds,
    acceptedP50: percentile(accepted, 0.5),
    acceptedP99: percentile(accepted, 0.99),
    refusedP50: percentile(refused, 0.5),
    codes,
    refusedBy,
    waitedP50: percentile(waited, 0.5),
  };
}

// The load: a bounded pool of kept-alive connections per gateway, as real clients have (the
// load is the rate of requests, not a storm of new connections), through the lean client (the
// generator shares the machine with the node; node:http's client cost more CPU than a gateway).
// The pool is as large as the open loop's outstanding requests, so that no request waits in the
// client for a connection: with 128 node:http sockets, the load generator's own queue made up
// most of the latency measured under overload.
const loadClients = new Map<string, ReturnType<typeof createLeanHttpClient>>();
const loadClient = (base: string) => {
  let client = loadClients.get(base);
  if (client === undefined) {
    client = createLeanHttpClient(base, 512);
    loadClients.set(base, client);
  }
  return client;
};
/** A client of its own, apart from the load: what one well-behaved user sees meanwhile. */
export const probeAgent = new Agent({ keepAlive: true, maxSockets: 4 });

function post(
  base: string,
  token: string,
  body: string,
  agent: Agent,
): Promise<{ status: number; text: string; socketAt: number }> {
  return new Promise((resolve, reject) => {
    let socketAt = Number.NaN;
    const request = httpRequest(
      `${base}/v2/commands/submit-and-wait`,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.once('end', () => resolve({ status: response.statusCode ?? 0, text, socketAt }));
        response.once('error', reject);
      },
    );
    request.once('error', reject);
    request.once('socket', () => {
      socketAt = performance.now();
    });
    request.end(body);
  });
}

/** Which limit refused a command, by the words of its cause. */
function refusalOrigin(cause: string): string {
  if (/in flight/.test(cause)) return 'gateway';
  if (/to be sequenced/.test(cause)) return 'writer queue';
  return 'other';
}

function postLean(base: string, token: string, body: string) {
  let socketAt = Number.NaN;
  const headers = `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\n`;
  return loadClient(base)
    .post('/v2/commands/submit-and-wait', headers, body, () => {
      socketAt = performance.now();
    })
    .then(({ status, text }) => ({ status, text, socketAt }));
}

/**
 * One submit-and-wait of a new command (no retry): its status, error code and latency; through
 * `agent` if given, else the load's lean client.
 */
export async function shoot(
  base: string,
  user: string,
  body: unknown,
  agent?: Agent,
): Promise<Shot> {
  const token = await tokenOf(user);
  const started = performance.now();
  try {
    const json = JSON.stringify(body);
    const { status, text, socketAt } = agent
      ? await post(base, token, json, agent)
      : await postLean(base, token, json);
    const ms = performance.now() - started;
    const waitedMs = socketAt - started;
    if (status === 200) return { status, code: '200', ms, waitedMs };
    const answer = JSON.parse(text) as { code?: string; cause?: string };
    return {
      status,
      code: answer.code ?? String(status),
      ms,
      waitedMs,
      refusedBy: refusalOrigin(answer.cause ?? ''),
    };
  } catch (error) {
    const reason = (error as { code?: string }).code ?? String(error);
    const ms = performance.now() - started;
    return { status: 0, code: `NETWORK ${reason}`, ms, waitedMs: Number.NaN };
  }
}

/**
 * A closed loop: `concurrency` clients, each sending its next command once answered, or a
 * little later when refused (as a client told to retry later does).
 */
export async function closedLoop(options: {
  readonly gateways: readonly string[];
  readonly concurrency: number;
  readonly seconds: number;
  readonly next: () => { user: string; body: unknown };
}): Promise<PhaseResult> {
  const shots: Shot[] = [];
  const deadline = performance.now() + options.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, client) => {
      const base = options.gateways[client % options.gateways.length] ?? '';
      while (performance.now() < deadline) {
        const { user, body } = options.next();
        const shot = await shoot(base, user, body);
        shots.push(shot);
        if (shot.status !== 200) await new Promise((resume) => setTimeout(resume, 20));
      }
    }),
  );
  return summarise(shots, (performance.now() - started) / 1000);
}

/**
 * An open loop: commands sent at `perSecond` whatever the answers, for `seconds`; at most
 * `maxOutstanding` unanswered at once (beyond, a command is counted as not sent: the load
 * generator, not the node, would be the bottleneck).
 */
export async function openLoop(options: {
  readonly gateways: readonly string[];
  readonly perSecond: number;
  readonly seconds: number;
  readonly maxOutstanding: number;
  readonly next: () => { user: string; body: unknown };
  /** Called about once a second while the loop runs. */
  readonly onSecond?: () => Promise<void>;
}): Promise<PhaseResult & { readonly notSent: number }> {
  const shots: Array<Promise<Shot>> = [];
  const started = performance.now();
  let sent = 0;
  let notSent = 0;
  let outstanding = 0;
  let nextSecond = 1;
  while (performance.now() - started < options.seconds * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * options.perSecond);
    for (; sent + notSent < due; ) {
      if (outstanding >= options.maxOutstanding) {
        notSent += 1;
        continue;
      }
      const { user, body } = options.next();
      const base = options.gateways[sent % options.gateways.length] ?? '';
      outstanding += 1;
      shots.push(shoot(base, user, body).finally(() => (outstanding -= 1)));
      sent += 1;
    }
    if ((performance.now() - started) / 1000 >= nextSecond) {
      nextSecond += 1;
      await options.onSecond?.();
    }
    await new Promise((resume) => setTimeout(resume, 10));
  }
  const settled = await Promise.all(shots);
  return { ...summarise(settled, options.seconds), notSent };
}
