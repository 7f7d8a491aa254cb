import type { AcsEntry } from '../acs-entries.ts';
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
