import { readFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tokenOf } from './network-http.ts';

export type Shot = { readonly status: number; readonly code: string; readonly ms: number };

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
};

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

export function summarise(shots: readonly Shot[], seconds: number): PhaseResult {
  const accepted = shots.filter((shot) => shot.status === 200).map((shot) => shot.ms);
  accepted.sort((a, b) => a - b);
  const refused = shots.filter((shot) => shot.status !== 200).map((shot) => shot.ms);
  refused.sort((a, b) => a - b);
  const codes: Record<string, number> = {};
  for (const shot of shots) codes[shot.code] = (codes[shot.code] ?? 0) + 1;
  return {
    shots,
    seconds,
    acceptedPerSecond: accepted.length / seconds,
    acceptedP50: percentile(accepted, 0.5),
    acceptedP99: percentile(accepted, 0.99),
    refusedP50: percentile(refused, 0.5),
    codes,
  };
}

// A bounded pool of kept-alive connections per gateway, as a real client has: the load is the
// rate of requests, not a storm of new connections.
const loadAgent = new Agent({ keepAlive: true, maxSockets: 128 });
/** A client of its own, apart from the load: what one well-behaved user sees meanwhile. */
export const probeAgent = new Agent({ keepAlive: true, maxSockets: 4 });

function post(
  base: string,
  token: string,
  body: string,
  agent: Agent,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
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
        response.once('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.once('error', reject);
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

/** One submit-and-wait of a new command (no retry): its status, error code and latency. */
export async function shoot(
  base: string,
  user: string,
  body: unknown,
  agent: Agent = loadAgent,
): Promise<Shot> {
  const token = await tokenOf(user);
  const started = performance.now();
  try {
    const { status, text } = await post(base, token, JSON.stringify(body), agent);
    const code =
      status === 200 ? '200' : ((JSON.parse(text) as { code?: string }).code ?? String(status));
    return { status, code, ms: performance.now() - started };
  } catch (error) {
    const reason = (error as { code?: string }).code ?? String(error);
    return { status: 0, code: `NETWORK ${reason}`, ms: performance.now() - started };
  }
}

/** A closed loop: `concurrency` clients, each sending its next command once answered. */
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
        shots.push(await shoot(base, user, body));
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

/** A process's resident memory now, in MiB (Linux /proc). */
export async function residentMiB(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    return kib / 1024;
  } catch {
    return Number.NaN;
  }
}
