import type { LedgerHttp, Submission } from './ledger-http.ts';
import { submitAndWait } from './ledger-http.ts';

/** How a command ended up committed, as the client learned it. */
export type Outcome = {
  /** `acknowledged`: submit-and-wait answered 200; `duplicate`: a retry answered DUPLICATE_COMMAND. */
  readonly kind: 'acknowledged' | 'duplicate';
  readonly updateId: string;
  readonly offset: number;
};

type CantonError = { code: string; context: Record<string, string> };

/** What an answer to submit-and-wait says about the command's commit, if it committed. */
function outcomeOf(status: number, body: Record<string, unknown>): Outcome | null {
  if (status === 200) {
    const offset = Number(body.completionOffset);
    return { kind: 'acknowledged', updateId: String(body.updateId), offset };
  }
  const error = body as CantonError;
  if (status === 409 && error.code === 'DUPLICATE_COMMAND') {
    const updateId = error.context.existing_update_id ?? '';
    return { kind: 'duplicate', updateId, offset: Number(error.context.completion_offset) };
  }
  return null;
}

/**
 * Submits the commands with at most `concurrency` in flight, recording each one the node
 * confirms in `outcomes`. Once `acknowledgementsBeforeCrash` commands have been acknowledged it
 * calls `crash` once, stops taking new commands, and leaves those whose request failed with the
 * connection pending: a client that lost its answer does not know whether the command committed.
 */
export async function driveCommands(options: {
  readonly http: LedgerHttp;
  readonly user: string;
  readonly submissions: readonly Submission[];
  readonly concurrency: number;
  readonly outcomes: Map<string, Outcome>;
  readonly acknowledgementsBeforeCrash: number;
  readonly crash: () => void;
}): Promise<void> {
  const queue = [...options.submissions];
  let acknowledged = 0;
  let crashed = false;

  async function submitOne(submission: Submission): Promise<void> {
    let response: Response;
    let body: Record<string, unknown>;
    try {
      response = await submitAndWait(options.http, options.user, submission);
      body = (await response.json()) as Record<string, unknown>;
    } catch (error) {
      if (crashed) return;
      throw error;
    }
    const outcome = outcomeOf(response.status, body);
    if (outcome === null) {
      throw new Error(`${submission.commandId}: ${response.status} ${JSON.stringify(body)}`);
    }
    options.outcomes.set(submission.commandId, outcome);
    if (outcome.kind !== 'acknowledged') return;
    acknowledged += 1;
    if (acknowledged >= options.acknowledgementsBeforeCrash && !crashed) {
      crashed = true;
      options.crash();
    }
  }

  async function worker(): Promise<void> {
    for (let next = queue.shift(); next !== undefined && !crashed; next = queue.shift()) {
      await submitOne(next);
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, worker));
}

/** Runs `task` over `items` with at most `concurrency` at a time, keeping the input order. */
export async function mapConcurrently<TItem, TResult>(
  items: readonly TItem[],
  concurrency: number,
  task: (item: TItem) => Promise<TResult>,
): Promise<TResult[]> {
  const results: TResult[] = new Array(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index] as TItem);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}
