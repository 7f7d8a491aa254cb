import { createHash } from 'node:crypto';
import type { BulkObject } from '@pocketnet/runtime';
import { renderActiveContract } from './acs.render.ts';
import type { EventValues } from './event-values.ts';
import { renderUpdateItem } from './update-item.render.ts';

const cachedObjects = 8;

const toNdjson = (rows: readonly object[]): Buffer =>
  Buffer.from(rows.map((row) => `${JSON.stringify(row)}\n`).join(''), 'utf8');

/**
 * Bulk objects as their bytes, one JSON document per line (v1 ActiveContract, v2 update,
 * compact_json), and their sha256 digests. An object's key says exactly what it holds, so its
 * bytes and digest never change: digests are kept, and the bytes of the latest few objects.
 */
export function createBulkObjectRenderer(
  values: EventValues,
  /** Scan history's count of rollbacks: a key's count or time may then name other contents. */
  rollbacks: () => number,
) {
  const recent = new Map<string, Buffer>();
  const digests = new Map<string, string>();
  let seen = rollbacks();
  const current = () => {
    if (rollbacks() === seen) return;
    seen = rollbacks();
    recent.clear();
    digests.clear();
  };
  const render = (object: BulkObject): Buffer =>
    object.kind === 'acs'
      ? toNdjson(object.entries().map((entry) => renderActiveContract(entry, { values })))
      : toNdjson(
          object
            .items()
            .map((item) =>
              renderUpdateItem(item, { version: 'v2', encoding: 'compact_json', values }),
            ),
        );
  const bytesOf = (object: BulkObject): Buffer => {
    current();
    const bytes = recent.get(object.key) ?? render(object);
    recent.delete(object.key);
    recent.set(object.key, bytes);
    if (recent.size > cachedObjects) recent.delete(recent.keys().next().value ?? object.key);
    return bytes;
  };
  return {
    bytesOf,
    /** The object's key and the sha256 of its bytes, in hex. */
    refOf(object: BulkObject): { readonly key: string; readonly digest: string } {
      current();
      let digest = digests.get(object.key);
      if (digest === undefined) {
        digest = createHash('sha256').update(bytesOf(object)).digest('hex');
        digests.set(object.key, digest);
      }
      return { key: object.key, digest };
    },
  };
}
