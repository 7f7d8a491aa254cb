import { parseStateFile } from '@pocketnet/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import {
  answersOf,
  expectSameAnswers,
  onboard,
  preapprove,
  send,
  tap,
} from './time-machine-answers.ts';
import { startTimeMachineNode, type TimeMachineNode } from './time-machine-node.ts';

// State files (issue 23): `GET /api/devnet/v0/state` dumps the node as JSON lines, and a node
// started from the dump answers every API as the dumped one did.

const nodes: TimeMachineNode[] = [];
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close();
});
const started = async (options: Parameters<typeof startTimeMachineNode>[0] = {}) => {
  const node = await startTimeMachineNode(options);
  nodes.push(node);
  return node;
};

async function stateOf(net: TimeMachineNode): Promise<string> {
  const response = await net.call('/api/devnet/v0/state');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  return response.text();
}

/** Alice taps, Bob takes transfers by preapproval, Alice sends him some, time moves on. */
async function aFewThings(net: TimeMachineNode) {
  const alice = await onboard(net, 'alice');
  const bob = await onboard(net, 'bob');
  await tap(net, 'alice', '100');
  await preapprove(net, 'bob');
  await send(net, 'alice', bob, '25', 'books');
  await net.json('/api/devnet/v0/time/advance', { body: { seconds: 1200 } });
  return { alice, bob };
}

describe('state files', () => {
  it('a node loaded from a dump answers every API as the dumped node did', async () => {
    const original = await started();
    const users = await aFewThings(original);
    const state = await stateOf(original);
    const header = JSON.parse(state.split('\n')[0] ?? '{}');
    expect(header).toMatchObject({
      format: 'pocketnet-state/1',
      seed: '0',
      time: '2026-01-01T00:20:00.000000Z',
    });
    // Readable: one journal record a line, after the header.
    expect(state.trim().split('\n')).toHaveLength(header.records + 1);
    const expected = await answersOf(original, users);

    const loaded = await started({ loadState: parseStateFile(state) });
    expectSameAnswers(await answersOf(loaded, users), expected);
    // It goes on from there: Alice sends Bob more.
    await send(loaded, 'alice', users.bob, '5', 'more books');
    expect(await stateOf(loaded)).not.toBe(state);
  });

  it('is the same file for the same history and seed, another for another seed', async () => {
    const first = await started();
    await aFewThings(first);
    const second = await started();
    await aFewThings(second);
    expect(await stateOf(second)).toBe(await stateOf(first));
    const other = await started({ seed: '7' });
    await aFewThings(other);
    const otherState = await stateOf(other);
    expect(otherState).not.toBe(await stateOf(first));
    expect(JSON.parse(otherState.split('\n')[0] ?? '{}').seed).toBe('7');
  });

  it('refuses a state of another seed, and a file that is not a state', async () => {
    const original = await started({ seed: '7' });
    const state = parseStateFile(await stateOf(original));
    await expect(startTimeMachineNode({ loadState: state })).rejects.toThrow(
      'start it with --seed 7',
    );
    expect(() => parseStateFile('{"hello":1}\n')).toThrow('not a pocketnet state file');
    const cut = (await stateOf(original)).split('\n').slice(0, 3).join('\n');
    expect(() => parseStateFile(cut)).toThrow('the file is incomplete');
  });
});
