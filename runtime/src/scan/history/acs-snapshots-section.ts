import type { AcsKeys } from './acs-entries.ts';
import type { AcsSnapshot } from './acs-snapshots.ts';
import { decodeDeltas, encodeDeltas } from './number-encodings.ts';
import type { Micros } from './scan-time.ts';

/**
 * The ACS snapshots' state section: the snapshots a replay of the journal takes (each as its
 * migration id, record time and the index of its keys), the keys once for each run of snapshots
 * that hold the same contracts (sorted, as differences), and the next boundary a replay would
 * take (null before the first transaction).
 */
export type SavedAcsSnapshots = {
  readonly nextBoundary: Micros | null;
  readonly snapshots: readonly (readonly [migrationId: number, time: Micros, keys: number])[];
  readonly keys: readonly (readonly number[])[];
};

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
  return { nextBoundary, snapshots: saved, keys: keys.map(encodeDeltas) };
}

/** The saved snapshots by migration id, in the order saved; runs share one keys array. */
export function restoredSnapshots(saved: SavedAcsSnapshots): Map<number, AcsSnapshot[]> {
  const keys = saved.keys.map((deltas) => Float64Array.from(decodeDeltas(deltas)));
  const byMigration = new Map<number, AcsSnapshot[]>();
  for (const [migrationId, recordTimeMicros, index] of saved.snapshots) {
    const list = byMigration.get(migrationId) ?? [];
    if (list.length === 0) byMigration.set(migrationId, list);
    list.push({ migrationId, recordTimeMicros, keys: keys[index] ?? new Float64Array() });
  }
  return byMigration;
}
