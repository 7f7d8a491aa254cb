import {
  type ActiveContract,
  type ActiveContractStore,
  applyParticipantRecord,
  createParticipantState,
  DomainError,
  hasOffset,
  type JournalRecord,
  type LedgerEngine,
  type LedgerEngineDeps,
  type ReassignmentRecord,
  type TransactionRecord,
} from '@pocketnet/ledger';
import { type AdaptiveLimitSettings, createInFlightLimit } from '../load/adaptive-limit.ts';
import { type FollowerClock, observeRecordTime } from './follower-clock.ts';
import type { JournalFollower } from './journal-follower.ts';
import type { PlanVerdict } from './planned-change.ts';
import { createPositionWaiters } from './position-waiters.ts';
import { createReplicaPlans } from './replica-plans.ts';
import type { CommandTransport, WriterAnswer, WriterCommand } from './writer-command.ts';

export type ReplicaOptions = {
  readonly follower: JournalFollower;
  readonly transport: CommandTransport;
  readonly clock: FollowerClock;
  /** Commands this replica forwards at once at most; more are refused (default 256). */
  readonly maxInFlight?: number;
  /**
   * Given, the limit adapts under `maxInFlight` to keep commands' latency near what it is
   * without load (load/adaptive-limit.ts); absent or null, it stays at `maxInFlight`.
   */
  readonly adaptiveLimit?: AdaptiveLimitSettings | null;
  /** How long an answered command waits for this replica to catch up (default 10 s). */
  readonly catchUpTimeoutMs?: number;
};

const noContracts: ActiveContractStore = {
  lookup: () => undefined,
  lookupByKey: () => undefined,
  size: 0,
  values: () => new Map<string, ActiveContract>().values(),
  createdOffsetOf: () => undefined,
};

// The one write a replica refuses: an externally signed execution, whose plan interprets
// against the writer's contracts (a replica holds none). Its route (interactive submission's
// execute) is forwarded to the writer whole.
function refusedOnReplica(operation: string): never {
  throw new DomainError(
    'UNAVAILABLE',
    `A gateway replica cannot ${operation}: the writer does (its requests are forwarded to it)`,
  );
}

const lagging = (ms: number) =>
  new DomainError(
    'UNAVAILABLE',
    `This gateway has not caught up with the ledger's writer in ${ms} ms`,
  );

/** The answer as the caller of the engine sees it: the value, or the writer's error. */
export function valueOfAnswer(answer: WriterAnswer): unknown {
  if (answer.outcome === 'ok') return answer.value;
  if (answer.outcome === 'rejected') {
    const { code, message, details } = answer.error;
    throw new DomainError(code, message, { details });
  }
  throw new Error(`the writer failed: ${answer.reason}`);
}

/** The commands whose latency is the writer's queue and commit: not plans, not HTTP requests. */
const timedKinds: ReadonlySet<WriterCommand['kind']> = new Set([
  'submit',
  'submit-async',
  'reassign',
]);

/** Whether an answer took the writer's whole way: a result, or its queue's refusal. */
const isTimed = (answer: WriterAnswer) =>
  answer.outcome === 'ok' ||
  (answer.outcome === 'rejected' && answer.error.code === 'PARTICIPANT_BACKPRESSURE');

/**
 * A scale-out replica of the ledger (a gateway or a worker): it interprets nothing. Its bus is
 * fed from the shared journal, record by record, and its submissions travel to the writer;
 * each answers once this replica's own bus holds the writer's answer (read your writes).
 */
export function createReplica(options: ReplicaOptions) {
  const { follower, transport, clock } = options;
  const limit = createInFlightLimit(options.maxInFlight ?? 256, options.adaptiveLimit);
  const catchUpTimeoutMs = options.catchUpTimeoutMs ?? 10_000;
  const waiters = createPositionWaiters();
  let inFlight = 0;

  /** Waits for `reached`; a replica cut off from the journal gives up. */
  async function within(reached: Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const givenUp = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(lagging(catchUpTimeoutMs)), catchUpTimeoutMs);
    });
    try {
      await Promise.race([reached, givenUp]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Resolves once the bus holds everything durable in the journal when it was called. */
  async function catchUpToHead(): Promise<void> {
    let head: number;
    try {
      head = await follower.head();
    } catch (cause) {
      throw new DomainError('UNAVAILABLE', 'The ledger is unreachable (its Redis is away)', {
        cause,
      });
    }
    await within(waiters.wait(head));
  }

  async function forward(command: WriterCommand): Promise<WriterAnswer> {
    if (inFlight >= limit.current()) {
      throw new DomainError(
        'PARTICIPANT_BACKPRESSURE',
        `The participant is overloaded: ${inFlight} commands are in flight on this gateway`,
      );
    }
    if (!follower.isConnected()) {
      throw new DomainError('UNAVAILABLE', 'The ledger is unreachable (its Redis is away)');
    }
    inFlight += 1;
    // A command costs a Redis round trip and more: one clock read at each end is nothing.
    const sentAt = performance.now();
    try {
      const answer = await transport.send(command);
      clock.observe(BigInt(answer.nowMicros));
      await within(waiters.wait(answer.position));
      if (timedKinds.has(command.kind) && isTimed(answer)) {
        limit.observe(performance.now() - sentAt, inFlight - 1);
      }
      return answer;
    } finally {
      inFlight -= 1;
    }
  }

  function createEngine(deps: LedgerEngineDeps): LedgerEngine {
    const participant = createParticipantState(deps.participantId);
    // Participant changes applied here, counted as the writer counts them (planned-change.ts).
    const changes = createPositionWaiters();
    let ledgerEnd = 0;
    const apply = (record: JournalRecord, position: number) => {
      const isChange = record.type === 'topology' || record.type === 'admin';
      if (isChange) applyParticipantRecord(participant, record);
      if (hasOffset(record)) ledgerEnd = record.offset;
      observeRecordTime(clock, record);
      deps.publish(record);
      if (isChange) changes.release(changes.reached() + 1);
      waiters.release(position);
    };
    const plans = createReplicaPlans({
      participant,
      changes: changes.reached,
      changesReached: (count) => within(changes.wait(count)),
      catchUp: catchUpToHead,
      send: async (planned) =>
        valueOfAnswer(await forward({ kind: 'plan', planned })) as PlanVerdict,
      nowMicros: () => clock.nowMicros(),
      ledgerEnd: () => ledgerEnd,
    });
    return {
      recover: () => follower.follow(0, apply),
      restored() {
        throw new Error('a replica follows the writer: it is never restored from a state file');
      },
      submit: async (request) =>
        valueOfAnswer(await forward({ kind: 'submit', request })) as TransactionRecord,
      async submitAsync(request) {
        valueOfAnswer(await forward({ kind: 'submit-async', request }));
      },
      submitReassignment: async (request) =>
        valueOfAnswer(await forward({ kind: 'reassign', request })) as ReassignmentRecord,
      commitTopology: plans.commitTopology,
      commitPlanned: async () => refusedOnReplica('execute externally signed transactions'),
      commitAdmin: plans.commitAdmin,
      ledgerEnd: () => ledgerEnd,
      participant,
      contracts: noContracts,
      packages: deps.packages,
    };
  }

  return {
    createEngine,
    /** Sends a command to the writer and returns its answer once this replica has caught up. */
    forward,
    /** Resolves once this replica's bus holds the journal up to `position`. */
    caughtUpTo: (position: number) => waiters.wait(position),
    /** Resolves once this replica's bus holds what the journal held when called (bounded). */
    catchUpToHead,
    position: () => waiters.reached(),
    inFlight: () => inFlight,
    /** Commands forwarded at once now (the adaptive limit, or maxInFlight). */
    limit: limit.current,
    /** Whether a further command would be refused for backpressure. */
    isFull: () => inFlight >= limit.current(),
    isConnected: () => follower.isConnected(),
  };
}

export type Replica = ReturnType<typeof createReplica>;
