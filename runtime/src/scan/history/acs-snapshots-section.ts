import type { AcsKeys } from './acs-entries.ts';
import type { AcsSnapshot } from './acs-snapshots.ts';
import { decodeDeltas, encodeDeltas } from './number-encodings.ts';
import type { Micros } from './scan-time.ts';

/**
 * What one snapshot's keys changed from the previous snapshot's (the first's, from none): the
 * keys it no longer has and those it has anew, each sorted and as differences. Snapshots a few
 * hours apart share most of their contracts, so this is what changed, not the whole ACS again.
 */
type SavedKeysChange = readonly [removed: readonly number[], added: readonly number[]];

/**
 * The ACS snapshots' state section: the snapshots a replay of the journal takes (each as its
 * migration id, record time and the index of its keys), the keys once for each run of snapshots
 * that hold the same contracts, and the next boundary a replay would take (null before the
 * first transaction).
 */
export type SavedAcsSnapshots = {
  readonly nextBoundary: Micros | null;
  readonly snapshots: readonly (readonly [migrationId: number, time: Micros, keys: number])[];
  readonly keys: readonly SavedKeysChange[];
};

/** The keys of `from` missing in `to`, and those of `to` missing in `from` (both sorted). */
function changeOf(from: AcsKeys, to: AcsKeys): SavedKeysChange {
  const removed: number[] = [];
  const added: number[] = [];
  let at = 0;
  for (const key of to) {
    while (at < from.length && (from[at] ?? 0) < key) removed.push(from[at++] ?? 0);
    if (at < from.length && from[at] === key) at++;
    else added.push(key);
  }
  while (at < from.length) removed.push(from[at++] ?? 0);
  return [encodeDeltas(removed), encodeDeltas(added)];
}

/** `from` without the change's removed keys, with its added ones, sorted. */
function applyChange(from: AcsKeys, change: SavedKeysChange): AcsKeys {
  const removed = new Set(decodeDeltas(change[0]));
  const kept = from.filter((key) => !removed.has(key));
  const added = decodeDeltas(change[1]);
  const keys = new Float64Array(kept.length + added.length);
  let [fromKept, fromAdded, to] = [0, 0, 0];
  while (fromKept < kept.length || fromAdded < added.length) {
    const next = kept[fromKept] ?? Number.POSITIVE_INFINITY;
    const other = added[fromAdded] ?? Number.POSITIVE_INFINITY;
    if (next < other) fromKept++;
    else fromAdded++;
    keys[to++] = Math.min(next, other);
  }
  return keys;
}

const sameKeys = (a: AcsKeys, b: AcsKeys): boolean =>
  a === b || (a.length === b.length && a.every((key, index) => key === b[index]));

export function saveSnapshots(
  snapshots: Iterable<AcsSnapshot>,
  nextBoundary: Micros | null,
): SavedAcsSnapshots {
  const saved: [number, Micros, number][] = [];
  const keys: AcsKeys[] = [];
  for (const snapshot of snapshots) {
    const previous = keys.at(-1);
    if (previous === undefined || !sameKeys(previous, snapshot.keys)) keys.push(snapshot.keys);
    saved.push([snapshot.migrationId, snapshot.recordTimeMicros, keys.length - 1]);
  }
  const none = new Float64Array();
  const changes = keys.map((to, index) => changeOf(keys[index - 1] ?? none, to));
  return { nextBoundary, snapshots: saved, keys: changes };
}

/** The saved snapshots by migration id, in the order saved; runs share one keys array. */
export function restoredSnapshots(saved: SavedAcsSnapshots): Map<number, AcsSnapshot[]> {
  const keys: AcsKeys[] = [];
  for (const change of saved.keys)
    keys.push(applyChange(keys.at(-1) ?? new Float64Array(), change));
  const byMigration = new Map<number, AcsSnapshot[]>();
  for (const [migrationId, recordTimeMicros, index] of saved.snapshots) {
    const list = byMigration.get(migrationId) ?? [];
    if (list.length === 0) byMigration.set(migrationId, list);
    list.push({ migrationId, recordTimeMicros, keys: keys[index] ?? new Float64Array() });
  }
  return byMigration;
}
