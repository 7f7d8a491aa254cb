import {
  createSimulatedClock,
  DomainError,
  internalSubmission,
  type JournalRecord,
} from '@pocketnet/ledger';
import { afterEach, describe, expect, it } from 'vitest';
import { createNode, type PocketnetNode } from '../node/create-node.ts';
import { unrestrictedCaller } from '../services/caller.ts';
import { decodeCrossProcess, encodeCrossProcess } from './command-codec.ts';
import { createFollowerClock } from './follower-clock.ts';
import type { JournalFollower } from './journal-follower.ts';
import { createReplica } from './replica-engine.ts';
import type { CommandTransport, WriterCommand } from './writer-command.ts';
import { createWriterCommands } from './writer-commands.ts';

// A writer node and a replica node in one process, meeting through in-memory implementations of
// the two ports a replica has (the journal follower and the command transport); the processes
// and Redis behind the real ones are tested in packages/cli/test/reliability.

const start = 1_767_225_600_000_000n;
const nodeConfig = {
  dataDir: null,
  participantName: 'participant1',
  synchronizerName: 'global-domain',
  ledgerApiVersion: '3.4.12',
};

/** The writer's committed records as a follower reads them from the journal. */
function followerOf(writer: PocketnetNode): JournalFollower {
  const log: JournalRecord[] = [];
  const listeners = new Set<(record: JournalRecord, position: number) => void>();
  writer.records$.subscribe((record) => {
    log.push(record);
    for (const listener of listeners) listener(record, log.length);
  });
  return {
    async follow(from, onRecord) {
      for (const [index, record] of log.entries()) if (index >= from) onRecord(record, index + 1);
      listeners.add(onRecord);
    },
    head: async () => log.length,
    isConnected: () => true,
    close: async () => listeners.clear(),
  };
}

/** Commands cross as they would between processes (encoded), and may be held back. */
function transportTo(writer: PocketnetNode, position: () => number) {
  const commands = createWriterCommands({
    engine: writer.engine,
    position,
    nowMicros: () => writer.clock.nowMicros(),
    http: () => Promise.reject(new Error('no HTTP in this test')),
  });
  let gate: Promise<void> = Promise.resolve();
  const transport: CommandTransport = {
    async send(command) {
      await gate;
      const crossed = decodeCrossProcess<WriterCommand>(encodeCrossProcess(command));
      return decodeCrossProcess(encodeCrossProcess(await commands.execute(crossed)));
    },
    close: async () => {},
  };
  return {
    transport,
    hold() {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
  };
}

async function startPair(options: { maxInFlight?: number } = {}) {
  const writer = await createNode({ ...nodeConfig, clock: createSimulatedClock(start) });
  let written = 0;
  writer.records$.subscribe(() => {
    written += 1;
  });
  const follower = followerOf(writer);
  const { transport, hold } = transportTo(writer, () => written);
  const clock = createFollowerClock(createSimulatedClock(start - 60_000_000n));
  const replica = createReplica({ follower, transport, clock, ...options });
  const node = await createNode({
    ...nodeConfig,
    clock,
    ledger: {
      openJournal: async () => ({
        append: () => Promise.reject(new Error('a replica appends nothing')),
        replay: () => (async function* () {})(),
        close: () => follower.close(),
      }),
      createEngine: replica.createEngine,
      replica: true,
    },
  });
  return { writer, node, replica, clock, hold };
}

describe('a replica of the ledger', () => {
  const nodes: PocketnetNode[] = [];
  afterEach(async () => {
    for (const node of nodes.splice(0)) await node.close();
  });

  const iou = (bank: string, commandId: string) =>
    internalSubmission({
      userId: 'replica-test',
      commandId,
      actAs: [bank],
      commands: [
        {
          kind: 'create',
          templateId: '#pocketnet-examples:Iou:Iou',
          createArguments: {
            issuer: bank,
            owner: bank,
            currency: 'USD',
            amount: '1.0',
            observers: [],
          },
        },
      ],
    });

  it('commits its submissions on the writer and holds them itself when they answer', async () => {
    const { writer, node, clock } = await startPair();
    nodes.push(node, writer);
    const party = await writer.admin.allocateParty(unrestrictedCaller, { partyIdHint: 'Bank' });
    const record = await node.engine.submit(iou(party.party, 'first'));
    // Read your writes: the replica's own projections hold the transaction already.
    expect(node.engine.ledgerEnd()).toBe(record.offset);
    expect(writer.engine.ledgerEnd()).toBe(record.offset);
    expect(node.participant.parties.has(party.party)).toBe(true);
    // The replica's clock is never behind the writer's.
    expect(clock.nowMicros()).toBeGreaterThanOrEqual(start);
  });

  it('answers the writer’s refusals as the domain errors they are', async () => {
    const { writer, node } = await startPair();
    nodes.push(node, writer);
    const { party } = await writer.admin.allocateParty(unrestrictedCaller, { partyIdHint: 'Bank' });
    await node.engine.submit(iou(party, 'once'));
    const again = node.engine.submit({
      ...iou(party, 'once'),
      deduplicationPeriod: { kind: 'duration', micros: 3_600_000_000n },
    });
    await expect(again).rejects.toMatchObject({ name: 'DomainError', code: 'DUPLICATE_COMMAND' });
  });

  it('refuses commands beyond its limit in flight with PARTICIPANT_BACKPRESSURE', async () => {
    const { writer, node, replica, hold } = await startPair({ maxInFlight: 2 });
    nodes.push(node, writer);
    const { party } = await writer.admin.allocateParty(unrestrictedCaller, { partyIdHint: 'Bank' });
    const release = hold();
    const held = [node.engine.submit(iou(party, 'a')), node.engine.submit(iou(party, 'b'))];
    expect(replica.isFull()).toBe(true);
    await expect(node.engine.submit(iou(party, 'c'))).rejects.toMatchObject({
      code: 'PARTICIPANT_BACKPRESSURE',
    });
    release();
    await Promise.all(held);
    expect(replica.isFull()).toBe(false);
    await node.engine.submit(iou(party, 'c'));
  });

  it('leaves what it cannot forward to the writer, saying so', async () => {
    const { writer, node } = await startPair();
    nodes.push(node, writer);
    const allocating = node.admin.allocateParty(unrestrictedCaller, { partyIdHint: 'Nope' });
    await expect(allocating).rejects.toBeInstanceOf(DomainError);
    await expect(allocating).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});
