import { tokenOf } from './network-http.ts';

/** How a command ended, as its client learned it. */
export type Outcome = {
  /** `acknowledged`: a 200; `duplicate`: a retry answered DUPLICATE_COMMAND (committed before). */
  readonly kind: 'acknowledged' | 'duplicate';
  readonly updateId: string;
  readonly offset: number;
  readonly attempts: number;
};

export type Submission = { readonly commandId: string; readonly body: unknown };

type CantonError = { code?: string; context?: Record<string, string> };

/** Answers a client retries: the node could not say whether (or could not yet) commit. */
const retried = new Set([
  'UNAVAILABLE',
  'REQUEST_TIME_OUT',
  'SUBMISSION_ALREADY_IN_FLIGHT',
  'PARTICIPANT_BACKPRESSURE',
]);

export type ClientStats = {
  readonly retries: Record<string, number>;
  /** Each acknowledgement: when its successful attempt was sent, and when it was answered. */
  readonly acknowledged: Array<{ readonly sentAt: number; readonly answeredAt: number }>;
};

async function attempt(base: string, user: string, submission: Submission) {
  try {
    const response = await fetch(`${base}/v2/commands/submit-and-wait`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await tokenOf(user)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(submission.body),
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch (error) {
    return { status: 0, body: { code: `NETWORK ${String(error)}` } };
  }
}

/**
 * Clients that submit every command until they get an answer: each retry of a command goes to
 * the next gateway with the same change id (command id, user, parties), as a client does that
 * does not know whether its earlier attempt committed. `onAcknowledged` runs after each 200.
 */
export async function submitUntilAnswered(options: {
  readonly gateways: readonly string[];
  readonly user: string;
  readonly submissions: readonly Submission[];
  readonly concurrency: number;
  readonly outcomes: Map<string, Outcome>;
  readonly onAcknowledged?: (count: number) => void;
  readonly retryDelayMs?: number;
}): Promise<ClientStats> {
  const queue = [...options.submissions];
  const stats: ClientStats = { retries: {}, acknowledged: [] };
  let acknowledged = 0;
  let turn = 0;
  const one = async (submission: Submission) => {
    for (let attempts = 1; ; attempts += 1) {
      const base = options.gateways[turn++ % options.gateways.length] ?? '';
      const sentAt = Date.now();
      const { status, body } = await attempt(base, options.user, submission);
      const error = body as CantonError;
      if (status === 200) {
        const offset = Number(body.completionOffset);
        options.outcomes.set(submission.commandId, {
          kind: 'acknowledged',
          updateId: String(body.updateId),
          offset,
          attempts,
        });
        acknowledged += 1;
        stats.acknowledged.push({ sentAt, answeredAt: Date.now() });
        options.onAcknowledged?.(acknowledged);
        return;
      }
      if (status === 409 && error.code === 'DUPLICATE_COMMAND') {
        const updateId = error.context?.existing_update_id ?? '';
        const offset = Number(error.context?.completion_offset);
        options.outcomes.set(submission.commandId, {
          kind: 'duplicate',
          updateId,
          offset,
          attempts,
        });
        return;
      }
      const code = status === 0 ? 'NETWORK' : (error.code ?? String(status));
      if (status !== 0 && !retried.has(code)) {
        throw new Error(`${submission.commandId}: ${status} ${JSON.stringify(body)}`);
      }
      stats.retries[code] = (stats.retries[code] ?? 0) + 1;
      await new Promise((resume) => setTimeout(resume, options.retryDelayMs ?? 100));
    }
  };
  const client = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await one(next);
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  return stats;
}
