import { gzipSync } from 'node:zlib';
import type { AcsEntry } from '@pocketnet/runtime';
import { type RenderOptions, renderCreatedEvent } from './update-item.render.ts';

type Compact = Pick<RenderOptions, 'values'>;

/** An ACS contract as `/v0/state/acs` and `/v0/holdings/state` give it (a v0 CreatedEvent). */
export function renderAcsCreatedEvent(entry: AcsEntry, options: Compact) {
  const eventId = `#${entry.record.updateId}:${entry.node.nodeId}`;
  return renderCreatedEvent(eventId, entry.node, {
    version: 'v0',
    encoding: 'compact_json',
    values: options.values,
  });
}

/** An ACS contract as the v1 endpoints give it: the creating update instead of an event id. */
export function renderActiveContract(entry: AcsEntry, options: Compact) {
  const { event_type: _type, event_id: _id, ...contract } = renderAcsCreatedEvent(entry, options);
  return { created_in_update_id: entry.record.updateId, ...contract };
}

/**
 * The deprecated `/v0/acs/{party}`: base64 of gzipped JSON lines of v1 ActiveContracts.
 * (Splice answers with the participant's binary ACS export; pocketnet has no such format.)
 */
export function renderPartyAcs(entries: readonly AcsEntry[], options: Compact) {
  const lines = entries.map((entry) => `${JSON.stringify(renderActiveContract(entry, options))}\n`);
  return { acs_snapshot: gzipSync(Buffer.from(lines.join(''), 'utf8')).toString('base64') };
}
