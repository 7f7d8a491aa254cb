import { createClient } from '@pocketnet/client';
import { parseStateFile } from '@pocketnet/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { ledgerEnd, onboard, tap } from './time-machine-answers.ts';
import { startTimeMachineNode, type TimeMachineNode } from './time-machine-node.ts';

// The same calls from the TypeScript client and GraphQL's mutations (issue 23).

let net: TimeMachineNode | null = null;
afterEach(async () => {
  await net?.close();
  net = null;
});

async function graphql<T>(node: TimeMachineNode, query: string, variables = {}): Promise<T> {
  const response = await node.call('/graphql', { body: { query, variables } });
  const body = (await response.json()) as { data: T; errors?: Array<{ message: string }> };
  if (body.errors) throw new Error(body.errors[0]?.message);
  return body.data;
}

describe('the time machine from the client and GraphQL', () => {
  it('snapshots, reverts, resets and downloads the state', async () => {
    net = await startTimeMachineNode();
    const token = await net.token('participant_admin');
    const machine = createClient({ baseUrl: net.url, token }).timeMachine;
    const genesisEnd = await ledgerEnd(net);
    const taken = await machine.snapshot();
    await onboard(net, 'alice');
    const viaGraphql = await graphql<{ snapshot: { id: string; ledgerEnd: number } }>(
      net,
      'mutation { snapshot { id ledgerEnd micros } }',
    );
    expect(viaGraphql.snapshot.id).toBe(String(Number(taken.id) + 1));
    await tap(net, 'alice', '10');

    const reverted = await graphql<{ revert: { id: string; ledgerEnd: number; time: string } }>(
      net,
      'mutation($id: ID!) { revert(id: $id) { id ledgerEnd time micros } }',
      { id: viaGraphql.snapshot.id },
    );
    expect(reverted.revert).toMatchObject({
      id: viaGraphql.snapshot.id,
      ledgerEnd: viaGraphql.snapshot.ledgerEnd,
    });
    const state = await machine.state();
    expect(parseStateFile(state).header.records).toBeGreaterThan(0);

    expect(await machine.revert(taken.id)).toMatchObject({ ledger_end: genesisEnd });
    expect((await machine.reset()).id).toBe('genesis');
    await expect(machine.revert(viaGraphql.snapshot.id)).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('There is no snapshot'),
    });
    await expect(graphql(net, 'mutation { revert(id: "nope") { id } }')).rejects.toThrow(
      'There is no snapshot "nope"',
    );
  });
});
