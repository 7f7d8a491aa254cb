import {
  createMemoryJournal,
  createSimulatedClock,
  createUndoLog,
  type JournalRecord,
  parseNumeric,
  parseTime,
  type UndoLog,
} from '@pocketnet/ledger';
import { type Observable, Subject } from 'rxjs';
import { defaultDevnetConfig } from '../src/devnet/start-devnet.ts';
import { createNode, type PocketnetNode } from '../src/node/create-node.ts';
import type { Caller } from '../src/services/caller.ts';
import { unrestrictedCaller } from '../src/services/caller.ts';

// A devnet node whose journal is an array the test keeps, and the wallet steps the undo tests
// take on it: what happens after a mark, to be rolled back (issue 23).

export const undoStartMicros = 1_767_225_600_000_000n; // 2026-01-01T00:00:00Z
const minuteMicros = 60_000_000n;

export const userCaller = (userId: string): Caller => ({
  kind: 'user',
  userId,
  identityProviderId: '',
});

export const undoUsers = ['alice', 'bob', 'carol'] as const;

/** A devnet node on a memory journal whose records land in `records`. */
export async function startUndoNode(records: JournalRecord[] = []) {
  const node = await createNode({
    dataDir: null,
    clock: createSimulatedClock(undoStartMicros),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
    devnet: defaultDevnetConfig,
    onBackgroundError: (error) => {
      throw error;
    },
    ledger: { openJournal: async () => createMemoryJournal({ records }) },
  });
  return { node, records };
}

/** Onboards the users and taps each some amulet: the state the steps start from. */
export async function prepareUsers(node: PocketnetNode): Promise<void> {
  for (const name of undoUsers) {
    await node.wallet.onboarding.onboardUser(unrestrictedCaller, { name });
    await node.wallet.balances.tapAmulet(
      node.wallet.access.walletOf(userCaller(name)),
      parseNumeric('100'),
    );
  }
}

/** A small deterministic generator, so that a failing sequence can be run again by its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

export type UndoStep = { readonly name: string; run(node: PocketnetNode): Promise<void> };

/**
 * `count` workflow steps chosen by `random`: taps, transfer offers, their acceptance (which the
 * sender's wallet then completes), time moved (rounds, timers, expiries). Each step names what
 * it does, so that a failure says which sequence it was.
 */
export function randomSteps(random: () => number, count: number): UndoStep[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const steps: UndoStep[] = [];
  for (let index = 0; index < count; index++) {
    const kind = pick(['tap', 'offer', 'accept', 'time', 'offer'] as const);
    const user = pick(undoUsers);
    const other = pick(undoUsers.filter((candidate) => candidate !== user));
    if (kind === 'tap') {
      const amount = String(1 + Math.floor(random() * 50));
      steps.push({
        name: `${user} taps ${amount}`,
        run: async (node) => {
          await node.wallet.balances.tapAmulet(
            node.wallet.access.walletOf(userCaller(user)),
            parseNumeric(amount),
          );
        },
      });
    } else if (kind === 'offer') {
      const amount = String(1 + Math.floor(random() * 20));
      const trackingId = `undo-offer-${index}`;
      steps.push({
        name: `${user} offers ${other} ${amount}`,
        run: async (node) => {
          await node.wallet.offers.create(userCaller(user), {
            receiver: node.wallet.access.walletOf(userCaller(other)).party,
            amount,
            description: trackingId,
            expiresAtMicros: node.clock.nowMicros() + 30n * minuteMicros,
            trackingId,
          });
        },
      });
    } else if (kind === 'accept') {
      steps.push({
        name: `${user} accepts its oldest offer`,
        run: async (node) => {
          const caller = userCaller(user);
          const { party } = node.wallet.access.walletOf(caller);
          const now = node.clock.nowMicros();
          const offer = node.wallet.offers.list(caller).find((candidate) => {
            const payload = candidate.payload as { receiver?: unknown; expiresAt?: unknown };
            const expiresAt = parseTime(String(payload.expiresAt));
            return payload.receiver === party && expiresAt !== null && expiresAt > now;
          });
          if (offer === undefined) return;
          const { acceptedOfferContractId } = await node.wallet.offers.accept(
            caller,
            offer.contractId,
          );
          await node.wallet.offers.completeAccepted(acceptedOfferContractId);
        },
      });
    } else {
      const minutes = BigInt(1 + Math.floor(random() * 40));
      steps.push({
        name: `time moves ${minutes} minutes`,
        run: async (node) => {
          const controls = node.devnet?.controls;
          if (!controls) throw new Error('no devnet');
          await controls.advanceTime(unrestrictedCaller, minutes * minuteMicros);
        },
      });
    }
  }
  return steps;
}

/**
 * The journal of a devnet node: genesis and the users prepared (`before`, the records up to the
 * mark a test takes), then `steps` random steps after it.
 */
export async function undoJournal(seed: number, steps: number) {
  const { node, records } = await startUndoNode();
  await prepareUsers(node);
  const before = records.length;
  for (const step of randomSteps(seededRandom(seed), steps)) await step.run(node);
  await node.close();
  return { records, before, participant: node.participant };
}

/**
 * Feeds a holder the records before the mark, marks, feeds it the rest and rolls back; a fresh
 * holder is fed only the records before the mark. Returns both holders' reads.
 */
export function rolledBackAndFresh<THolder>(
  journal: { readonly records: readonly JournalRecord[]; readonly before: number },
  build: (records$: Observable<JournalRecord>, undo: UndoLog) => THolder,
  read: (holder: THolder) => unknown,
) {
  const feed = (count: number | null) => {
    const bus = new Subject<JournalRecord>();
    const undo = createUndoLog();
    const holder = build(bus.asObservable(), undo);
    for (const record of journal.records.slice(0, journal.before)) bus.next(record);
    if (count === null) return { holder, read: read(holder) };
    const mark = undo.mark();
    for (const record of journal.records.slice(journal.before, count)) bus.next(record);
    const moved = read(holder);
    undo.rollback(mark);
    return { holder, read: read(holder), moved };
  };
  const rolledBack = feed(journal.records.length);
  const fresh = feed(null);
  return { rolledBack: rolledBack.read, moved: rolledBack.moved, fresh: fresh.read };
}
