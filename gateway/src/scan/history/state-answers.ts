import type { CreatedNode } from '@pocketnet/ledger';
import type { AcsEntry, ScanService, SnapshotPageRead } from '@pocketnet/runtime';
import { renderAcsCreatedEvent, renderActiveContract } from './render/acs.render.ts';
import type { EventValues } from './render/event-values.ts';
import { renderHoldingsSummaries } from './render/holdings-summary.render.ts';
import {
  type JsonChunks,
  type JsonFragmentCache,
  jsonWithList,
} from './render/json-fragment-cache.ts';
import type { PageCache } from './render/page-cache.ts';
import { formatScanTime } from './render/record-time.ts';

type StateReads = ScanService['history']['state'];
type Version = 'v0' | 'v1';

/**
 * Scan's ACS snapshots in Splice's shapes: pages of contracts and holdings as serialised JSON
 * (each contract serialised once per version and kept; a snapshot never changes, so neither
 * does any page of it, which is kept whole under the name the runtime gives it), summaries.
 */
export function createStateAnswers(deps: {
  readonly state: StateReads;
  readonly values: EventValues;
  readonly cache: JsonFragmentCache<CreatedNode>;
  readonly pages: PageCache;
}) {
  const { state, values } = deps;
  const contractJson = (entry: AcsEntry, version: Version): Buffer =>
    deps.cache.get(entry.node, version) ??
    deps.cache.put(
      entry.node,
      version,
      version === 'v0'
        ? renderAcsCreatedEvent(entry, { values })
        : renderActiveContract(entry, { values }),
    );
  const answer = (read: SnapshotPageRead, version: Version): JsonChunks =>
    deps.pages.answer(`${version}|${read.name}`, () => {
      const page = read.read();
      const json = jsonWithList(
        'created_events',
        page.entries.map((entry) => contractJson(entry, version)),
        {
          before: {
            record_time: formatScanTime(read.snapshot.recordTimeMicros),
            migration_id: read.snapshot.migrationId,
          },
          after: page.nextPageToken === null ? {} : { next_page_token: page.nextPageToken },
        },
      );
      return { json, final: true };
    });
  return {
    acs: (request: Parameters<StateReads['acs']>[0], version: Version) =>
      answer(state.acs(request), version),
    holdings: (request: Parameters<StateReads['holdings']>[0], version: Version) =>
      answer(state.holdings(request), version),
    holdingsSummary(
      request: Omit<Parameters<StateReads['holdingsSummary']>[0], 'fees'>,
      version: Version,
    ) {
      // v1 leaves out the holding fees, the only figures the round changes.
      const summaries = state.holdingsSummary({ ...request, fees: version === 'v0' });
      return renderHoldingsSummaries(summaries, version);
    },
  };
}
