import type { ImportUpdate } from '@pocketnet/runtime';
import type { DamlValueEncoding, EventValues } from './event-values.ts';
import { legacyOffset, renderCreatedEvent } from './update-item.render.ts';

/** Canton's minimum timestamp: the record time and ledger time of every import update. */
const importRecordTime = '0001-01-01T00:00:00Z';

/** An import update as Splice's UpdateHistoryItem (v1): one root create, offset 1. */
export function renderImportUpdate(
  update: ImportUpdate,
  options: { readonly encoding: DamlValueEncoding; readonly values: EventValues },
) {
  const eventId = `${update.updateId}:0`;
  const node = { ...update.node, nodeId: 0 };
  return {
    update_id: update.updateId,
    migration_id: update.migrationId,
    workflow_id: '',
    record_time: importRecordTime,
    synchronizer_id: update.synchronizerId,
    effective_at: importRecordTime,
    offset: legacyOffset(1),
    root_event_ids: [eventId],
    events_by_id: {
      [eventId]: renderCreatedEvent(eventId, node, { ...options, version: 'v1' }),
    },
  };
}
