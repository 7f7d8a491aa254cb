import { DomainError } from '@pocketnet/ledger';
import type { AcsEntries, AcsEntry } from './acs-entries.ts';
import type { AcsSnapshot, AcsSnapshots } from './acs-snapshots.ts';
import { checkPageSize } from './scan-history-options.ts';
import { type Micros, parseScanTime } from './scan-time.ts';
import type { HistoryItem, UpdateHistory } from './update-history.ts';

/**
 * A downloadable object: its key (what the download URL names, and all its contents depend
 * on) and what it holds, read when asked for.
 */
export type BulkObject =
  | { readonly key: string; readonly kind: 'acs'; entries(): readonly AcsEntry[] }
  | { readonly key: string; readonly kind: 'updates'; items(): readonly HistoryItem[] };

const acsKey = /^acs-(\d+)-(\d+)-(\d+)\.ndjson$/;
const updatesKey = /^updates-(\d+)-(\d+)-(\d+)\.ndjson$/;

/**
 * Bulk storage the node serves itself: an ACS snapshot as objects of `objectSize` contracts,
 * the update history as objects of `objectSize` consecutive updates. An object's key says
 * exactly what it holds (an update object names its count), so its contents never change.
 */
export function createBulkStorage(deps: {
  readonly enabled: boolean;
  readonly objectSize: number;
  readonly snapshots: AcsSnapshots;
  readonly acs: AcsEntries;
  readonly history: UpdateHistory;
}) {
  const { objectSize } = deps;
  const acsObject = (snapshot: AcsSnapshot, index: number): BulkObject => ({
    key: `acs-${snapshot.migrationId}-${snapshot.recordTimeMicros}-${index}.ndjson`,
    kind: 'acs',
    entries: () =>
      [...snapshot.keys.subarray(index * objectSize, (index + 1) * objectSize)].flatMap((key) => {
        const entry = deps.acs.entryAt(key);
        return entry ? [entry] : [];
      }),
  });
  const acsObjectCount = (snapshot: AcsSnapshot) =>
    Math.max(1, Math.ceil(snapshot.keys.length / objectSize));
  type UpdateChunk = { migrationId: number; chunk: number; count: number; token: string };
  const updateObject = ({ migrationId, chunk, count }: UpdateChunk): BulkObject => ({
    key: `updates-${migrationId}-${chunk}-${count}.ndjson`,
    kind: 'updates',
    items: () => {
      const from = chunk * objectSize;
      return deps.history.slice(migrationId, from, from + count);
    },
  });
  const updateChunks = (
    migrationId: number,
    range: { start: Micros; end: Micros },
  ): UpdateChunk[] => {
    const first = deps.history.countAtOrBefore(migrationId, range.start);
    const last = deps.history.countAtOrBefore(migrationId, range.end) - 1;
    const total = deps.history.countAtOrBefore(migrationId, Number.POSITIVE_INFINITY);
    const chunks: UpdateChunk[] = [];
    for (let chunk = Math.floor(first / objectSize); chunk * objectSize <= last; chunk++) {
      const count = Math.min(objectSize, total - chunk * objectSize);
      chunks.push({ migrationId, chunk, count, token: `${migrationId}:${chunk}` });
    }
    return chunks;
  };
  return {
    enabled: deps.enabled,
    /** The newest snapshot at or before `time`, as objects. */
    acsSnapshot(atOrBefore: string): {
      readonly recordTimeMicros: Micros;
      readonly objects: readonly BulkObject[];
    } {
      const time = parseScanTime(atOrBefore, 'at_or_before_record_time');
      const snapshot = deps.snapshots.newestAtOrBefore(time);
      if (!snapshot) {
        throw new DomainError('UPDATE_NOT_FOUND', `No ACS snapshot at or before ${atOrBefore}`);
      }
      const objects = Array.from({ length: acsObjectCount(snapshot) }, (_, index) =>
        acsObject(snapshot, index),
      );
      return { recordTimeMicros: snapshot.recordTimeMicros, objects };
    },
    /**
     * A page of the objects holding every update with `start < record time <= end`; the
     * token names the first object of the next page.
     */
    updateObjects(request: {
      start: string;
      end: string;
      pageSize: number;
      token: string | null;
    }): {
      readonly objects: readonly BulkObject[];
      readonly nextPageToken: string | null;
    } {
      const range = {
        start: parseScanTime(request.start, 'start_record_time'),
        end: parseScanTime(request.end, 'end_record_time'),
      };
      if (range.end < range.start) {
        throw new DomainError('INVALID_ARGUMENT', 'end_record_time is before start_record_time');
      }
      checkPageSize(request.pageSize);
      const all = deps.history
        .migrationIds()
        .flatMap((migrationId) => updateChunks(migrationId, range));
      const from =
        request.token === null ? 0 : all.findIndex((chunk) => chunk.token === request.token);
      if (from < 0)
        throw new DomainError('INVALID_ARGUMENT', `Invalid next_page_token: ${request.token}`);
      return {
        objects: all.slice(from, from + request.pageSize).map(updateObject),
        nextPageToken: all[from + request.pageSize]?.token ?? null,
      };
    },
    /** The object a key names, or undefined for a key that names none. */
    object(key: string): BulkObject | undefined {
      const acs = acsKey.exec(key);
      if (acs) {
        const snapshot = deps.snapshots.exact(Number(acs[1]), Number(acs[2]));
        const index = Number(acs[3]);
        if (!snapshot || index >= acsObjectCount(snapshot)) return undefined;
        return acsObject(snapshot, index);
      }
      const updates = updatesKey.exec(key);
      if (!updates) return undefined;
      const [migrationId, chunk, count] = [
        Number(updates[1]),
        Number(updates[2]),
        Number(updates[3]),
      ];
      const available = deps.history.countAtOrBefore(migrationId, Number.POSITIVE_INFINITY);
      if (count < 1 || count > objectSize || chunk * objectSize + count > available)
        return undefined;
      return updateObject({ migrationId, chunk, count, token: `${migrationId}:${chunk}` });
    },
  };
}

export type BulkStorage = ReturnType<typeof createBulkStorage>;
