import { createHash } from 'node:crypto';
import { DomainError, type UndoLog } from '@pocketnet/ledger';
import type { AcsEntries } from './acs-entries.ts';
import type { AcsSnapshot, AcsSnapshots } from './acs-snapshots.ts';
import type { EventValues } from './event-values.ts';
import { renderActiveContract } from './render/acs.render.ts';
import { renderUpdateItem } from './render/update-item.render.ts';
import { checkPageSize } from './scan-history-options.ts';
import { formatScanTime, type Micros, parseScanTime } from './scan-time.ts';
import type { UpdateHistory } from './update-history.ts';

/** A downloadable object: its key (what the download URL names) and its sha256 digest. */
export type BulkObjectRef = { readonly key: string; readonly digest: string };

const acsKey = /^acs-(\d+)-(\d+)-(\d+)\.ndjson$/;
const updatesKey = /^updates-(\d+)-(\d+)-(\d+)\.ndjson$/;
const cachedObjects = 8;

const toNdjson = (rows: readonly object[]): Buffer =>
  Buffer.from(rows.map((row) => `${JSON.stringify(row)}\n`).join(''), 'utf8');
const digestOf = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Bulk storage the node serves itself: an ACS snapshot as objects of `objectSize` contracts,
 * the update history as objects of `objectSize` consecutive updates, each object one JSON
 * document per line (v1 ActiveContract, v2 update, compact_json). An object's key says
 * exactly what it holds (an update object names its count), so its bytes, and digest, never
 * change; bytes are made when asked for and the latest few kept.
 */
export function createBulkStorage(deps: {
  readonly enabled: boolean;
  readonly objectSize: number;
  readonly snapshots: AcsSnapshots;
  readonly acs: AcsEntries;
  readonly history: UpdateHistory;
  readonly values: EventValues;
  readonly undo: UndoLog;
}) {
  const { objectSize, values, undo } = deps;
  const cache = new Map<string, Buffer>();
  const acsRefs = new WeakMap<AcsSnapshot, readonly BulkObjectRef[]>();
  // An object's key names a count of updates or a snapshot's time, which a rollback may give
  // to other contents: after one, no object or digest kept is trusted.
  const forget = () => {
    cache.clear();
    updateDigests.clear();
  };
  const forgetAfterRollback = () => undo.afterRollback(forget);
  const remember = (key: string, bytes: Buffer): Buffer => {
    undo.record(forgetAfterRollback);
    cache.delete(key);
    cache.set(key, bytes);
    if (cache.size > cachedObjects) cache.delete(cache.keys().next().value ?? key);
    return bytes;
  };
  const acsBytes = (snapshot: AcsSnapshot, index: number): Buffer =>
    toNdjson(
      [...snapshot.keys.subarray(index * objectSize, (index + 1) * objectSize)].flatMap((key) => {
        const entry = deps.acs.entryAt(key);
        return entry ? [renderActiveContract(entry, { values })] : [];
      }),
    );
  const updateBytes = (migrationId: number, chunk: number, count: number): Buffer => {
    const from = chunk * objectSize;
    const items = deps.history.slice(migrationId, from, from + count);
    return toNdjson(
      items.map((item) =>
        renderUpdateItem(item, { version: 'v2', encoding: 'compact_json', values }),
      ),
    );
  };
  type UpdateChunk = {
    migrationId: number;
    chunk: number;
    count: number;
    key: string;
    token: string;
  };
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
      const key = `updates-${migrationId}-${chunk}-${count}.ndjson`;
      chunks.push({ migrationId, chunk, count, key, token: `${migrationId}:${chunk}` });
    }
    return chunks;
  };
  const updateDigests = new Map<string, string>();
  const updateDigest = (chunk: UpdateChunk): string => {
    let digest = updateDigests.get(chunk.key);
    if (digest === undefined) {
      const bytes =
        cache.get(chunk.key) ?? updateBytes(chunk.migrationId, chunk.chunk, chunk.count);
      digest = digestOf(remember(chunk.key, bytes));
      updateDigests.set(chunk.key, digest);
    }
    return digest;
  };
  const refsOf = (snapshot: AcsSnapshot): readonly BulkObjectRef[] => {
    const known = acsRefs.get(snapshot);
    if (known) return known;
    const objects = Math.max(1, Math.ceil(snapshot.keys.length / objectSize));
    const refs = Array.from({ length: objects }, (_, index) => {
      const key = `acs-${snapshot.migrationId}-${snapshot.recordTimeMicros}-${index}.ndjson`;
      return { key, digest: digestOf(remember(key, acsBytes(snapshot, index))) };
    });
    acsRefs.set(snapshot, refs);
    return refs;
  };
  return {
    enabled: deps.enabled,
    /** The newest snapshot at or before `time`, as objects. */
    acsSnapshot(atOrBefore: string) {
      const time = parseScanTime(atOrBefore, 'at_or_before_record_time');
      const snapshot = deps.snapshots.newestAtOrBefore(time);
      if (!snapshot) {
        throw new DomainError('UPDATE_NOT_FOUND', `No ACS snapshot at or before ${atOrBefore}`);
      }
      return { recordTime: formatScanTime(snapshot.recordTimeMicros), objects: refsOf(snapshot) };
    },
    /**
     * A page of the objects holding every update with `start < record time <= end`; the
     * token names the first object of the next page.
     */
    updateObjects(request: { start: string; end: string; pageSize: number; token: string | null }) {
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
      const page = all.slice(from, from + request.pageSize);
      return {
        objects: page.map((chunk) => ({ key: chunk.key, digest: updateDigest(chunk) })),
        nextPageToken: all[from + request.pageSize]?.token ?? null,
      };
    },
    /** The bytes of an object, or undefined for a key that names none. */
    object(key: string): Buffer | undefined {
      const cached = cache.get(key);
      if (cached) return cached;
      const acs = acsKey.exec(key);
      if (acs) {
        const snapshot = deps.snapshots.exact(Number(acs[1]), Number(acs[2]));
        const index = Number(acs[3]);
        if (!snapshot || index >= Math.max(1, Math.ceil(snapshot.keys.length / objectSize)))
          return undefined;
        return remember(key, acsBytes(snapshot, index));
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
      return remember(key, updateBytes(migrationId, chunk, count));
    },
  };
}

export type BulkStorage = ReturnType<typeof createBulkStorage>;
