import { type CreatedNode, DomainError } from '@pocketnet/ledger';
import type { TemplateCatalog } from '../../views/template-catalog.ts';
import type { AcsEntries, AcsEntry } from './acs-entries.ts';
import type { AcsSnapshot, AcsSnapshots } from './acs-snapshots.ts';
import type { EventValues } from './event-values.ts';
import { earliestRound, renderHoldingsSummary, summarizeHoldings } from './holdings-summary.ts';
import { renderAcsCreatedEvent, renderActiveContract } from './render/acs.render.ts';
import {
  type JsonChunks,
  type JsonFragmentCache,
  jsonWithList,
} from './render/json-fragment-cache.ts';
import type { PageCache } from './render/page-cache.ts';
import { checkPageSize } from './scan-history-options.ts';
import { formatScanTime, parseScanTime } from './scan-time.ts';
import { acsPage, holdingsIndexOf, holdingsPage, type SnapshotPage } from './snapshot-pages.ts';
import { checkAfter, nonEmpty, templateKeysOf } from './state-requests.ts';

/** Which snapshot a request names: exactly one reported time, or the newest at or before. */
export type SnapshotRequest = {
  readonly migrationId: number;
  readonly recordTime: string;
  readonly match: 'exact' | 'at_or_before';
};

type Version = 'v0' | 'v1';
type PageRequest = { readonly after: number | null; readonly pageSize: number };

/** Scan's reads of ACS snapshots: the ACS, holdings and their summaries at a record time. */
export function createStateReads(deps: {
  readonly snapshots: AcsSnapshots;
  readonly acs: AcsEntries;
  /** The open mining rounds now (the default round of holding fees). */
  readonly openRounds: () => readonly CreatedNode[];
  readonly catalog: TemplateCatalog;
  readonly values: EventValues;
  readonly forcedSnapshots: boolean;
  readonly cache: JsonFragmentCache<CreatedNode>;
  readonly pages: PageCache;
}) {
  const { snapshots, values } = deps;
  const keyOf = (templateId: string) => deps.catalog.keyOfTemplateId(templateId);
  const contractsOf = (snapshot: AcsSnapshot) => ({
    keys: snapshot.keys,
    entryAt: deps.acs.entryAt,
  });
  const snapshotOf = (request: SnapshotRequest): AcsSnapshot => {
    const time = parseScanTime(request.recordTime, 'record_time');
    const found =
      request.match === 'exact'
        ? snapshots.exact(request.migrationId, time)
        : snapshots.atOrBefore(request.migrationId, time);
    if (found) return found;
    const wanted = request.match === 'exact' ? 'at' : 'before';
    throw new DomainError(
      'UPDATE_NOT_FOUND',
      `No snapshots found ${wanted} ${request.recordTime} for migration ${request.migrationId}`,
    );
  };
  const contractJson = (entry: AcsEntry, version: Version): Buffer =>
    deps.cache.get(entry.node, version) ??
    deps.cache.put(
      entry.node,
      version,
      version === 'v0'
        ? renderAcsCreatedEvent(entry, { values })
        : renderActiveContract(entry, { values }),
    );
  const render = (snapshot: AcsSnapshot, page: SnapshotPage, version: Version): JsonChunks =>
    jsonWithList(
      'created_events',
      page.entries.map((entry) => contractJson(entry, version)),
      {
        before: {
          record_time: formatScanTime(snapshot.recordTimeMicros),
          migration_id: snapshot.migrationId,
        },
        after: page.nextPageToken === null ? {} : { next_page_token: page.nextPageToken },
      },
    );
  // A snapshot never changes, so neither does any page of it: each is named by what it depends on.
  type PageQuery = { readonly after: number | null; readonly pageSize: number };
  const answer = (
    [kind, version, snapshot, query, ...filters]: [
      string,
      Version,
      AcsSnapshot,
      PageQuery,
      ...string[],
    ],
    make: () => JsonChunks,
  ) => {
    const key = [
      kind,
      version,
      snapshot.migrationId,
      snapshot.recordTimeMicros,
      query.after,
      query.pageSize,
      ...filters,
    ];
    return deps.pages.answer(key.join('|'), () => ({ json: make(), final: true }));
  };
  const roundOf = (asOfRound: number | null): bigint => {
    if (asOfRound !== null) return BigInt(asOfRound);
    const earliest = earliestRound(deps.openRounds());
    if (earliest === null)
      throw new DomainError('INVALID_ARGUMENT', 'No open mining rounds found.');
    return earliest;
  };
  const timestamp = (snapshot: AcsSnapshot | undefined, message: string) => {
    if (!snapshot) throw new DomainError('UPDATE_NOT_FOUND', message);
    return { record_time: formatScanTime(snapshot.recordTimeMicros) };
  };
  return {
    snapshotBefore: (before: string, migrationId: number) =>
      timestamp(
        snapshots.atOrBefore(migrationId, parseScanTime(before, 'before')),
        `No snapshots found before ${before}`,
      ),
    snapshotAfter: (after: string, migrationId: number) =>
      timestamp(
        snapshots.after(migrationId, parseScanTime(after, 'after')),
        `No snapshots found after ${after}`,
      ),
    force() {
      if (!deps.forcedSnapshots) {
        throw new DomainError('INVALID_ARGUMENT', 'Forced ACS snapshots are disabled.');
      }
      const snapshot = snapshots.force();
      return {
        record_time: formatScanTime(snapshot.recordTimeMicros),
        migration_id: snapshot.migrationId,
      };
    },
    acs(
      request: SnapshotRequest &
        PageRequest & { partyIds: readonly string[] | null; templates: readonly string[] | null },
      version: Version,
    ): JsonChunks {
      const snapshot = snapshotOf(request);
      const query = {
        after: checkAfter(request.after),
        pageSize: checkPageSize(request.pageSize),
        partyIds: request.partyIds,
        templateKeys: templateKeysOf(request.templates),
        keyOf,
      };
      const filters = [query.partyIds?.join(',') ?? '*', query.templateKeys?.join(',') ?? '*'];
      return answer(['acs', version, snapshot, query, ...filters], () =>
        render(snapshot, acsPage(contractsOf(snapshot), query), version),
      );
    },
    holdings(
      request: SnapshotRequest & PageRequest & { owners: readonly string[] },
      version: Version,
    ): JsonChunks {
      const owners = nonEmpty(request.owners, 'ownerPartyIds');
      const query = {
        after: checkAfter(request.after),
        pageSize: checkPageSize(request.pageSize),
        owners,
      };
      const snapshot = snapshotOf(request);
      return answer(['holdings', version, snapshot, query, owners.join(',')], () => {
        const index = holdingsIndexOf(contractsOf(snapshot), keyOf);
        return render(snapshot, holdingsPage(contractsOf(snapshot), index, query), version);
      });
    },
    holdingsSummary(
      request: SnapshotRequest & { owners: readonly string[]; asOfRound: number | null },
      version: Version,
    ) {
      const owners = [...new Set(nonEmpty(request.owners, 'partyIds'))];
      const snapshot = snapshotOf(request);
      // v1 leaves out the holding fees, the only figures the round changes.
      const round = version === 'v1' ? 0n : roundOf(request.asOfRound);
      const index = holdingsIndexOf(contractsOf(snapshot), keyOf);
      return {
        record_time: formatScanTime(snapshot.recordTimeMicros),
        migration_id: snapshot.migrationId,
        ...(version === 'v0' ? { computed_as_of_round: Number(round) } : {}),
        summaries: owners.map((owner) => {
          const totals = summarizeHoldings(contractsOf(snapshot), index, {
            owner,
            asOfRound: round,
            keyOf,
          });
          return renderHoldingsSummary(owner, totals, version);
        }),
      };
    },
  };
}

export type StateReads = ReturnType<typeof createStateReads>;
