import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort, waitForHttpOk } from './node-process.ts';
import {
  allocateParty,
  createTrader,
  expectExactlyOnce,
  iouSubmission,
  ledgerEndOf,
  traderUser,
  updatesOf,
} from './reliability/ledger-checks.ts';
import { type Answer, callAs } from './reliability/network-http.ts';
import type { Outcome } from './reliability/resubmitting-clients.ts';
import { type RoleProcess, spawnRole } from './reliability/role-process.ts';

// `pocketnet start` as `npm start` runs it (journal in a data folder, no Redis), with a low
// POCKETNET_MAX_IN_FLIGHT, flooded with concurrent submit-and-wait: what it cannot take at once
// is refused with Canton's backpressure error, having changed nothing.

const maxInFlight = 4;
const floodSize = 200;

type Submitted = { updateId: string; completionOffset: number };
type ForTransaction = { transaction: { updateId: string; offset: number } };

const acknowledged = (updateId: string, offset: number): Outcome => ({
  kind: 'acknowledged',
  updateId,
  offset,
  attempts: 1,
});

/** Every fifth through express's route (submit-and-wait-for-transaction), the rest the fast lane. */
async function submit(base: string, index: number, body: unknown) {
  if (index % 5 === 0) {
    const answer = await callAs<ForTransaction>(
      base,
      '/v2/commands/submit-and-wait-for-transaction',
      {
        user: traderUser,
        body: { commands: body },
      },
    );
    const { transaction } = answer.body;
    const outcome =
      answer.status === 200 ? acknowledged(transaction.updateId, transaction.offset) : null;
    return { answer: answer as Answer<unknown>, outcome };
  }
  const answer = await callAs<Submitted>(base, '/v2/commands/submit-and-wait', {
    user: traderUser,
    body,
  });
  const outcome =
    answer.status === 200 ? acknowledged(answer.body.updateId, answer.body.completionOffset) : null;
  return { answer: answer as Answer<unknown>, outcome };
}

describe('`pocketnet start` under a flood of submissions', () => {
  let node: RoleProcess | null = null;
  let dataDir: string | null = null;
  afterEach(async () => {
    await node?.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    node = null;
    dataDir = null;
  });

  it('refuses the excess with 409 PARTICIPANT_BACKPRESSURE, commits the rest exactly once, and accepts again after', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pocketnet-backpressure-'));
    const port = await findFreePort();
    node = spawnRole('start', ['--port', String(port), '--no-devnet', '--data-dir', dataDir], {
      REDIS_URL: '',
      POCKETNET_MAX_IN_FLIGHT: String(maxInFlight),
    });
    await node.waitFor(/admin token +\S+\n/);
    const base = `http://127.0.0.1:${port}`;
    await waitForHttpOk(`${base}/readyz`);
    const bank = await allocateParty(base, 'bank');
    await createTrader(base, [bank]);
    const submissions = Array.from({ length: floodSize }, (_, index) =>
      iouSubmission(bank, bank, `flood-${index}`, '1.0'),
    );

    const answers = await Promise.all(
      submissions.map((submission, index) => submit(base, index, submission.body)),
    );
    const outcomes = new Map<string, Outcome>();
    const refused: typeof submissions = [];
    for (const [index, { answer, outcome }] of answers.entries()) {
      const submission = submissions[index] as (typeof submissions)[number];
      if (outcome) {
        outcomes.set(submission.commandId, outcome);
        continue;
      }
      refused.push(submission);
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body).toMatchObject({
        code: 'PARTICIPANT_BACKPRESSURE',
        cause: expect.stringMatching(/^The participant is overloaded: \d+ commands are in flight/),
        errorCategory: 2,
        grpcCodeValue: 10,
        retryInfo: '1 second',
        definiteAnswer: false,
        context: { participant: expect.any(String) },
      });
    }
    console.log(`${outcomes.size} accepted, ${refused.length} refused of ${floodSize}`);
    expect(refused.length).toBeGreaterThan(0);
    expect(outcomes.size).toBeGreaterThan(0);

    // Every accepted command committed once; the refused ones left no trace.
    const floodEnd = await ledgerEndOf(base);
    const flooded = await updatesOf(base, [bank], floodEnd);
    expectExactlyOnce(
      flooded.filter(({ update }) => update.Transaction || update.TopologyTransaction),
      outcomes,
      floodEnd,
    );

    // After the flood the node accepts again, the refused commands too (no deduplication
    // remembers them), a few at a time.
    for (let from = 0; from < refused.length; from += maxInFlight) {
      const batch = refused.slice(from, from + maxInFlight);
      const retried = await Promise.all(
        batch.map((submission) => submit(base, 1, submission.body)),
      );
      for (const [index, { answer, outcome }] of retried.entries()) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        if (outcome) outcomes.set((batch[index] as (typeof batch)[number]).commandId, outcome);
      }
    }
    const end = await ledgerEndOf(base);
    const updates = await updatesOf(base, [bank], end);
    expectExactlyOnce(
      updates.filter(({ update }) => update.Transaction || update.TopologyTransaction),
      outcomes,
      end,
    );
    expect(outcomes.size).toBe(floodSize);
  }, 120_000);
});
