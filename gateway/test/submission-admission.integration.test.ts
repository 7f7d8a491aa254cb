import { afterEach, describe, expect, it } from 'vitest';
import { startAdmittingNode } from './admitting-node.ts';
import { gql } from './graphql-harness.ts';
import { submitMutation } from './graphql-ledger.ts';
import { type Answer, expectCantonError } from './ledger-calls.ts';
import { commands, createIou, json } from './ledger-fixtures.ts';

type Admitting = Awaited<ReturnType<typeof startAdmittingNode>>;

function expectBackpressure(answer: Answer, path: string, cause: RegExp) {
  expectCantonError(answer, {
    status: 409,
    code: 'PARTICIPANT_BACKPRESSURE',
    method: 'post',
    path,
  });
  expect(answer.body).toMatchObject({
    errorCategory: 2,
    grpcCodeValue: 10,
    retryInfo: '1 second',
    definiteAnswer: false,
  });
  expect((answer.body as { cause: string }).cause).toMatch(cause);
}

describe('admission of command submissions', () => {
  let admitting: Admitting | null = null;
  afterEach(async () => {
    await admitting?.testNode.close();
    admitting = null;
  });

  it('refuses every submit form with PARTICIPANT_BACKPRESSURE while the limit is in flight, changing nothing', async () => {
    admitting = await startAdmittingNode({ maxInFlight: 2, maxQueueMs: 600_000 });
    const { held, bank, submit, testNode } = admitting;
    const iou = () => commands([bank], [createIou(bank, bank, '1.0')]);
    const before = await json<{ offset: number }>(await testNode.call('/v2/state/ledger-end'));
    held.hold();
    const appended = held.appended();
    const inFlight = [iou(), iou()].map((body) => submit('/v2/commands/submit-and-wait', body));
    // Both are in the journal's hands, held there.
    await expect.poll(held.appended).toBe(appended + 2);
    const refusedIou = iou();
    const refusals: Array<[string, unknown]> = [
      ['/v2/commands/submit-and-wait', refusedIou],
      ['/v2/commands/submit-and-wait?via=express', iou()],
      ['/v2/commands/submit-and-wait-for-transaction', { commands: iou() }],
      ['/v2/commands/async/submit', iou()],
      ['/v2/commands/submit-and-wait-for-reassignment', { reassignmentCommands: {} }],
      ['/v2/interactive-submission/executeAndWait', {}],
    ];
    for (const [path, body] of refusals) {
      expectBackpressure(
        await submit(path, body),
        path.split('?')[0] ?? path,
        /overloaded: 2 commands are in flight/,
      );
    }
    const graphql = await gql(testNode, submitMutation, { commands: iou() }, { user: 'desk' });
    expect(graphql.errors[0]?.extensions).toMatchObject({
      code: 'PARTICIPANT_BACKPRESSURE',
      status: 409,
    });

    held.release();
    for (const answer of await Promise.all(inFlight)) expect(answer.status, answer.text).toBe(200);
    // The refused command left no trace: the same command id commits now, once.
    const accepted = await submit('/v2/commands/submit-and-wait', refusedIou);
    expect(accepted.status, accepted.text).toBe(200);
    const graphqlNow = await gql(testNode, submitMutation, { commands: iou() }, { user: 'desk' });
    expect(graphqlNow.errors).toEqual([]);
    // Four transactions, with no offset taken by any refused command.
    const end = await json<{ offset: number }>(await testNode.call('/v2/state/ledger-end'));
    expect(end.offset).toBe(before.offset + 4);
  });

  it('refuses a new command once the oldest in flight has waited longer than the queue limit', async () => {
    admitting = await startAdmittingNode({ maxInFlight: 100, maxQueueMs: 100 });
    const { held, bank, submit } = admitting;
    held.hold();
    const stalled = submit(
      '/v2/commands/submit-and-wait',
      commands([bank], [createIou(bank, bank, '1')]),
    );
    await new Promise((resume) => setTimeout(resume, 250));
    expectBackpressure(
      await submit('/v2/commands/submit-and-wait', commands([bank], [createIou(bank, bank, '2')])),
      '/v2/commands/submit-and-wait',
      /the oldest command in flight has waited over 100 ms to be committed/,
    );
    held.release();
    expect((await stalled).status).toBe(200);
    const after = await submit(
      '/v2/commands/submit-and-wait',
      commands([bank], [createIou(bank, bank, '3')]),
    );
    expect(after.status, after.text).toBe(200);
  });
});
