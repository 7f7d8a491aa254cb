import { describe, expect, test } from 'vitest';
import {
  alice,
  bob,
  createdIds,
  exercise,
  startEngine,
  submission,
} from '../../testing/engine.test-helper.ts';
import { isDomainError } from '../errors.ts';
import { createMemoryJournal } from '../journal/memory-journal.ts';

const pingTemplate = '#canton-builtin-admin-workflow-ping:Canton.Internal.Ping:Ping';

const ping = (initiator: string, responder: string) =>
  submission(
    [
      {
        kind: 'create',
        templateId: pingTemplate,
        createArguments: { id: 'ping-1', initiator, responder },
      },
    ],
    { actAs: [initiator] },
  );

describe('Canton.Internal.Ping, loaded on every node', () => {
  test('the initiator signs it, the responder sees it and answers with Respond', async () => {
    const { engine } = await startEngine(createMemoryJournal(), { host: true });
    const created = await engine.submit(ping(alice, bob));
    const [pingId = ''] = createdIds(created);
    const node = created.nodes[0];
    expect(node?.kind === 'created' && [node.signatories, node.observers]).toEqual([
      [alice],
      [bob],
    ]);
    const responded = await engine.submit(
      submission([exercise(pingId, 'Respond', {}, pingTemplate)], { actAs: [bob] }),
    );
    expect(responded.nodes[0]).toMatchObject({ kind: 'exercised', consuming: true });
    expect(engine.contracts.lookup(pingId)).toBeUndefined();
  });

  test('only the responder may respond; anyone named may abort', async () => {
    const { engine } = await startEngine(createMemoryJournal(), { host: true });
    const [pingId = ''] = createdIds(await engine.submit(ping(alice, bob)));
    const refused = await engine
      .submit(submission([exercise(pingId, 'Respond', {}, pingTemplate)], { actAs: [alice] }))
      .catch((error: unknown) => error);
    expect(isDomainError(refused) && refused.code).toBe('DAML_AUTHORIZATION_ERROR');
    await engine.submit(
      submission([exercise(pingId, 'AbortPing', { anyone: alice }, pingTemplate)], {
        actAs: [alice],
      }),
    );
    expect(engine.contracts.lookup(pingId)).toBeUndefined();
  });
});
