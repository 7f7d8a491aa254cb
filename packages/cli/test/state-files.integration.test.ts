import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseStateFile } from '@pocketnet/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import {
  answersOf,
  expectSameAnswers,
  ledgerEnd,
  onboard,
  preapprove,
  send,
  tap,
} from './time-machine-answers.ts';
import { startTimeMachineNode, type TimeMachineNode } from './time-machine-node.ts';

// State files (issue 23): `GET /api/devnet/v0/state` dumps the node as JSON lines, and a node
// started from the dump answers every API as the dumped one did.

const nodes: TimeMachineNode[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});
const dataDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pocketnet-state-files-'));
  dirs.push(dir);
  return dir;
};
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
      format: 'pocketnet-state/2',
      seed: '0',
      // The time it goes on from: the clock, or the last record's if later (a few µs ahead).
      time: expect.stringMatching(/^2026-01-01T00:20:00\.0000\d\dZ$/),
    });
    // Readable: a state section a line, then a journal record a line, after the header.
    const lines = state.trim().split('\n');
    expect(lines).toHaveLength(1 + header.sections + header.records);
    expect(JSON.parse(lines[1] ?? '{}')).toHaveProperty('section');
    const expected = await answersOf(original, users);

    const loaded = await started({ loadState: parseStateFile(state) });
    // The fast way: its holders restored from their sections, nothing replayed.
    expect(loaded.embedded.loaded).toMatchObject({ how: 'restored' });
    expectSameAnswers(await answersOf(loaded, users), expected);
    // Dumped again at once, it is the same file, byte for byte.
    expect(await stateOf(loaded)).toBe(state);
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
    const whole = await stateOf(original);
    const cut = whole.split('\n').slice(0, 3).join('\n');
    expect(() => parseStateFile(cut)).toThrow('the file is incomplete');
    // Cut inside its last record.
    expect(() => parseStateFile(whole.slice(0, -20))).toThrow('the file is incomplete');
  });
});

/** `state` (format 2) as issue 23's first format had it: the header and the records. */
function asFormat1(state: string): string {
  const [first = '{}', ...rest] = state.trim().split('\n');
  const { sections, ...header } = JSON.parse(first);
  const records = rest.slice(sections);
  return `${[JSON.stringify({ ...header, format: 'pocketnet-state/1' }), ...records].join('\n')}\n`;
}

/** `state` as a build whose sections have shapes of `version` saved it. */
function withShapeVersion(state: string, version: number): string {
  const [first = '{}', ...rest] = state.trim().split('\n');
  return `${[JSON.stringify({ ...JSON.parse(first), sectionsShape: version }), ...rest].join('\n')}\n`;
}

/** `state` with one more section, of a holder no node has. */
function withStrangerSection(state: string): string {
  const [first = '{}', ...rest] = state.trim().split('\n');
  const header = JSON.parse(first);
  const stranger = JSON.stringify({ section: 'nobody.here', state: 0 });
  return `${[JSON.stringify({ ...header, sections: header.sections + 1 }), stranger, ...rest].join('\n')}\n`;
}

describe('state files the node cannot restore', () => {
  it('loads a format 1 file by replaying its journal', async () => {
    const original = await started();
    const users = await aFewThings(original);
    const state = await stateOf(original);
    const expected = await answersOf(original, users);
    const loaded = await started({ loadState: parseStateFile(asFormat1(state)) });
    expect(loaded.embedded.loaded).toMatchObject({ how: 'replayed', reason: null });
    expectSameAnswers(await answersOf(loaded, users), expected);
    expect(await stateOf(loaded)).toBe(state);
  });

  it('replays the journal, saying why, when the sections are not its own', async () => {
    const original = await started();
    const users = await aFewThings(original);
    const state = await stateOf(original);
    const expected = await answersOf(original, users);
    const logs: string[] = [];
    const loaded = await started({ loadState: parseStateFile(withStrangerSection(state)), logs });
    expect(loaded.embedded.loaded).toMatchObject({ how: 'replayed' });
    // One line in the log says why.
    const why = logs.filter((line) => line.includes('--load-state'));
    expect(why).toHaveLength(1);
    expect(why[0]).toContain('the journal was replayed instead');
    expect(why[0]).toContain('unknown: nobody.here');
    expect(loaded.embedded.loaded).toHaveProperty(
      'reason',
      expect.stringContaining('unknown: nobody.here'),
    );
    expectSameAnswers(await answersOf(loaded, users), expected);
  });

  it('replays the journal, saying why, when the sections are saved in shapes of another version', async () => {
    const original = await started();
    const users = await aFewThings(original);
    const state = await stateOf(original);
    const expected = await answersOf(original, users);
    const logs: string[] = [];
    const loaded = await started({ loadState: parseStateFile(withShapeVersion(state, 0)), logs });
    const reason = 'its sections are saved in shapes of version 0';
    expect(loaded.embedded.loaded).toHaveProperty('reason', expect.stringContaining(reason));
    expect(logs.filter((line) => line.includes(reason))).toHaveLength(1);
    expectSameAnswers(await answersOf(loaded, users), expected);
  });
});

describe('a node loaded from a state file', () => {
  it('answers the same after a restart, which replays the journal the load filled', async () => {
    const original = await started();
    const users = await aFewThings(original);
    const state = parseStateFile(await stateOf(original));
    const expected = await answersOf(original, users);
    const dir = await dataDir();
    const loaded = await started({ dataDir: dir, loadState: state });
    expect(loaded.embedded.loaded).toMatchObject({ how: 'restored' });
    await loaded.close();
    const restarted = await started({ dataDir: dir });
    expectSameAnswers(await answersOf(restarted, users), expected);
    // And it goes on from there.
    await send(restarted, 'alice', users.bob, '5', 'after the restart');
    expect(await ledgerEnd(restarted)).toBeGreaterThan(expected.ledgerEnd);
  });

  it('reverts to a snapshot and resets to the state it loaded', async () => {
    const original = await started();
    const users = await aFewThings(original);
    const expected = await answersOf(original, users);
    const loaded = await started({
      dataDir: await dataDir(),
      loadState: parseStateFile(await stateOf(original)),
    });
    await send(loaded, 'alice', users.bob, '3', 'before the snapshot');
    const snapshotted = await answersOf(loaded, users);
    const taken = await loaded.json<{ id: string }>('/api/devnet/v0/snapshot', { body: {} });
    await send(loaded, 'alice', users.bob, '4', 'after the snapshot');
    await loaded.json('/api/devnet/v0/revert', { body: { id: taken.id } });
    expectSameAnswers(await answersOf(loaded, users), snapshotted);
    await send(loaded, 'alice', users.bob, '6', 'after the revert');
    await loaded.json('/api/devnet/v0/reset', { body: {} });
    expectSameAnswers(await answersOf(loaded, users), expected);
  });
});
