import {
  createMemoryJournal,
  createSimulatedClock,
  DomainError,
  internalSubmission,
  type JournalRecord,
} from '@pocketnet/ledger';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNode, type PocketnetNode } from '../node/create-node.ts';
import { unrestrictedCaller } from '../services/caller.ts';
import { decodeCrossProcess, encodeCrossProcess } from './command-codec.ts';
import { createFollowerClock } from './follower-clock.ts';
import type { JournalFollower } from './journal-follower.ts';
import { createJournalTracking, type JournalTracking } from './journal-tracking.ts';
import { createPlanCommits } from './plan-commits.ts';
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

/**
 * Commands cross as they would between processes (encoded), may be held back, and are recorded;
 * `twice` runs each command twice, as BullMQ may after a writer died mid-job (the first
 * answer is lost).
 */
function transportTo(
  writer: PocketnetNode,
  options: { position: () => number; tracking: JournalTracking; twice?: boolean },
) {
  const commands = createWriterCommands({
    engine: writer.engine,
    position: options.position,
    appliedPosition: options.tracking.applied,
    plans: createPlanCommits({ engine: writer.engine, tracking: options.tracking }),
    nowMicros: () => writer.clock.nowMicros(),
    http: () => Promise.reject(new Error('no HTTP in this test')),
  });
  const sent: WriterCommand[] = [];
  let gate: Promise<void> = Promise.resolve();
  let waiting = 0;
  const transport: CommandTransport = {
    async send(command) {
      waiting += 1;
      await gate;
      waiting -= 1;
      const crossed = decodeCrossProcess<WriterCommand>(encodeCrossProcess(command));
      sent.push(crossed);
      if (options.twice) await commands.execute(crossed);
      return decodeCrossProcess(encodeCrossProcess(await commands.execute(crossed)));
    },
    close: async () => {},
  };
  return {
    transport,
    sent,
    /** Commands held back at the gate now. */
    waiting: () => waiting,
    hold() {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
  };
}

async function startWriter() {
  const tracking = createJournalTracking();
  const writer = await createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    ...nodeConfig,
    clock: createSimulatedClock(start),
    ledger: { openJournal: async () => tracking.track(createMemoryJournal()) },
  });
  let written = 0;
  writer.records$.subscribe(() => {
    written += 1;
  });
  return { writer, tracking, follower: followerOf(writer), position: () => written };
}

type Writer = Awaited<ReturnType<typeof startWriter>>;

type PairOptions = {
  maxInFlight?: number;
  adaptiveLimit?: { minLimit: number };
  twice?: boolean;
};

async function startReplicaOf(
  { writer, tracking, follower, position }: Writer,
  options: PairOptions = {},
) {
  const { transport, hold, sent, waiting } = transportTo(writer, {
    position,
    tracking,
    ...options,
  });
  const clock = createFollowerClock(createSimulatedClock(start - 60_000_000n));
  const replica = createReplica({ follower, transport, clock, ...options });
  const node = await createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
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
  return { node, replica, clock, hold, sent, waiting };
}

async function startPair(options: PairOptions = {}) {
  const writer = await startWriter();
  return { writer: writer.writer, ...(await startReplicaOf(writer, options)) };
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

  it('with the adaptive limit, forwards no more than its floor before it has learnt', async () => {
    const { writer, node, replica, hold } = await startPair({
      maxInFlight: 64,
      adaptiveLimit: { minLimit: 2 },
    });
    nodes.push(node, writer);
    const { party } = await writer.admin.allocateParty(unrestrictedCaller, { partyIdHint: 'Bank' });
    expect(replica.limit()).toBe(2);
    const release = hold();
    const held = [node.engine.submit(iou(party, 'a')), node.engine.submit(iou(party, 'b'))];
    expect(replica.isFull()).toBe(true);
    await expect(node.engine.submit(iou(party, 'c'))).rejects.toMatchObject({
      code: 'PARTICIPANT_BACKPRESSURE',
      message: 'The participant is overloaded: 2 commands are in flight on this gateway',
    });
    release();
    await Promise.all(held);
    await node.engine.submit(iou(party, 'c'));
  });

  it('commits its plan-based writes on the writer and holds them itself when they answer', async () => {
    const { writer, node, sent } = await startPair();
    nodes.push(node, writer);
    const bank = await node.admin.allocateParty(unrestrictedCaller, { partyIdHint: 'Bank' });
    // Read your writes: the replica's own participant state holds the party already.
    expect(node.participant.parties.get(bank.party)?.isLocal).toBe(true);
    expect(writer.participant.parties.get(bank.party)?.isLocal).toBe(true);
    await node.admin.createUser(unrestrictedCaller, {
      user: { id: 'teller', primaryParty: bank.party },
      rights: [{ kind: 'CanActAs', party: bank.party }],
    });
    expect(writer.participant.users.get('teller')?.rights).toEqual([
      { kind: 'CanActAs', party: bank.party },
    ]);
    expect(node.participant.users.get('teller')?.primaryParty).toBe(bank.party);
    // A party without a hint is named from its plan's own update id, unique to it.
    const unnamed = await node.admin.allocateParty(unrestrictedCaller, {});
    expect(writer.participant.parties.has(unnamed.party)).toBe(true);
    expect(unnamed.party).not.toBe(bank.party);
    expect(sent.map((command) => command.kind)).toEqual(['plan', 'plan', 'plan']);
    // The writer's checks hold: the same party again is refused, as on the writer.
    const again = node.admin.allocateParty(unrestrictedCaller, { partyIdHint: 'Bank' });
    await expect(again).rejects.toMatchObject({ name: 'DomainError', code: 'INVALID_ARGUMENT' });
    // And the replica's offsets are the writer's: the topology records carry the writer's.
    expect(node.engine.ledgerEnd()).toBe(writer.engine.ledgerEnd());
  });

  it('plans again on the state that changed under its plan, and commits once', async () => {
    const { writer, node, hold, sent, waiting } = await startPair();
    nodes.push(node, writer);
    const { party } = await writer.admin.allocateParty(unrestrictedCaller, { partyIdHint: 'Bank' });
    await writer.admin.createUser(unrestrictedCaller, { user: { id: 'teller' }, rights: [] });
    const release = hold();
    const granting = node.admin.grantUserRights(unrestrictedCaller, {
      userId: 'teller',
      rights: [{ kind: 'CanReadAs', party }],
    });
    await vi.waitFor(() => expect(waiting()).toBe(1));
    // While the replica's plan waits for the writer, the writer changes the same user.
    await writer.admin.grantUserRights(unrestrictedCaller, {
      userId: 'teller',
      rights: [{ kind: 'CanActAs', party }],
    });
    release();
    expect(await granting).toEqual([{ kind: 'CanReadAs', party }]);
    const planned = sent.filter((command) => command.kind === 'plan');
    expect(planned).toHaveLength(2);
    const [first, second] = planned.map((command) =>
      command.kind === 'plan' ? command.planned : null,
    );
    expect(second?.planId).toBe(first?.planId);
    expect(second?.basedOn).toBe((first?.basedOn ?? 0) + 1);
    for (const holder of [writer, node]) {
      expect(holder.participant.users.get('teller')?.rights).toEqual([
        { kind: 'CanActAs', party },
        { kind: 'CanReadAs', party },
      ]);
    }
  });

  it('commits a plan whose command runs twice once, answering the second run with the first', async () => {
    const { writer, node } = await startPair({ twice: true });
    nodes.push(node, writer);
    const created: string[] = [];
    writer.records$.subscribe((record) => {
      if (record.type === 'admin' && record.change.kind === 'user.created') {
        created.push(String(record.change.userId));
      }
    });
    await node.admin.createUser(unrestrictedCaller, { user: { id: 'once' }, rights: [] });
    expect(created).toEqual(['once']);
    expect(node.participant.users.has('once')).toBe(true);
  });

  it('lets one of two replicas creating the same user win; the other is told it exists', async () => {
    const shared = await startWriter();
    const first = await startReplicaOf(shared);
    const second = await startReplicaOf(shared);
    nodes.push(first.node, second.node, shared.writer);
    const create = (replica: PocketnetNode) =>
      replica.admin.createUser(unrestrictedCaller, { user: { id: 'contested' }, rights: [] });
    const outcomes = await Promise.allSettled([create(first.node), create(second.node)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({
      code: 'USER_ALREADY_EXISTS',
    });
    for (const holder of [shared.writer, first.node, second.node]) {
      expect(holder.participant.users.has('contested')).toBe(true);
    }
  });

  it('refuses only the externally signed execution, whose plan needs the writer’s contracts', async () => {
    const { writer, node } = await startPair();
    nodes.push(node, writer);
    const executing = node.engine.commitPlanned(iou('x', 'external'), () => {
      throw new Error('never planned here');
    });
    await expect(executing).rejects.toBeInstanceOf(DomainError);
    await expect(executing).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});
