import { type CreatedNode, DomainError } from '@pocketnet/ledger';
import type { TemplateCatalog } from '../../views/template-catalog.ts';
import type { AcsEntries } from './acs-entries.ts';
import type { AcsSnapshot, AcsSnapshots } from './acs-snapshots.ts';
import { earliestRound, type HoldingsTotals, summarizeHoldings } from './holdings-summary.ts';
import { checkPageSize } from './scan-history-options.ts';
import { type Micros, parseScanTime } from './scan-time.ts';
import { acsPage, holdingsIndexOf, holdingsPage, type SnapshotPage } from './snapshot-pages.ts';
import { checkAfter, nonEmpty, templateKeysOf } from './state-requests.ts';

/** Which snapshot a request names: exactly one reported time, or the newest at or before. */
export type SnapshotRequest = {
  readonly migrationId: number;
  readonly recordTime: string;
  readonly match: 'exact' | 'at_or_before';
};

/** A snapshot as its readers name it: a migration id and a record time. */
export type SnapshotTime = { readonly migrationId: number; readonly recordTimeMicros: Micros };

/**
 * A page of a snapshot, found but not read yet. A snapshot never changes, so neither does any
 * page of it: `name` says everything the page depends on, and whoever renders it may keep the
 * rendering under that name without reading it again.
 */
export type SnapshotPageRead = {
  readonly snapshot: SnapshotTime;
  readonly name: string;
  read(): SnapshotPage;
};

/** The holdings of some owners in a snapshot, and the holding fees accrued by a round. */
export type HoldingsSummaries = {
  readonly snapshot: SnapshotTime;
  /** The round the fees are computed as of; null when they were not asked for. */
  readonly round: bigint | null;
  readonly summaries: readonly { readonly owner: string; readonly totals: HoldingsTotals }[];
};

type PageRequest = { readonly after: number | null; readonly pageSize: number };

const timeOf = (snapshot: AcsSnapshot): SnapshotTime => ({
  migrationId: snapshot.migrationId,
  recordTimeMicros: snapshot.recordTimeMicros,
});

/** Scan's reads of ACS snapshots: the ACS, holdings and their summaries at a record time. */
export function createStateReads(deps: {
  readonly snapshots: AcsSnapshots;
  readonly acs: AcsEntries;
  /** The open mining rounds now (the default round of holding fees). */
  readonly openRounds: () => readonly CreatedNode[];
  readonly catalog: TemplateCatalog;
  readonly forcedSnapshots: boolean;
}) {
  const { snapshots } = deps;
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
  const pageRead = (
    kind: string,
    snapshot: AcsSnapshot,
    query: PageRequest,
    filters: readonly string[],
    read: () => SnapshotPage,
  ): SnapshotPageRead => {
    const { migrationId, recordTimeMicros } = snapshot;
    const name = [kind, migrationId, recordTimeMicros, query.after, query.pageSize, ...filters];
    return { snapshot: timeOf(snapshot), name: name.join('|'), read };
  };
  const roundOf = (asOfRound: number | null): bigint => {
    if (asOfRound !== null) return BigInt(asOfRound);
    const earliest = earliestRound(deps.openRounds());
    if (earliest === null)
      throw new DomainError('INVALID_ARGUMENT', 'No open mining rounds found.');
    return earliest;
  };
  const found = (snapshot: AcsSnapshot | undefined, message: string): Micros => {
    if (!snapshot) throw new DomainError('UPDATE_NOT_FOUND', message);
    return snapshot.recordTimeMicros;
  };
  return {
    /** The record time of the newest snapshot at or before `before`. */
    snapshotBefore: (before: string, migrationId: number): Micros =>
      found(
        snapshots.atOrBefore(migrationId, parseScanTime(before, 'before')),
        `No snapshots found before ${before}`,
      ),
    /** The record time of the oldest snapshot after `after`. */
    snapshotAfter: (after: string, migrationId: number): Micros =>
      found(
        snapshots.after(migrationId, parseScanTime(after, 'after')),
        `No snapshots found after ${after}`,
      ),
    force(): SnapshotTime {
      if (!deps.forcedSnapshots) {
        throw new DomainError('INVALID_ARGUMENT', 'Forced ACS snapshots are disabled.');
      }
      return timeOf(snapshots.force());
    },
    acs(
      request: SnapshotRequest &
        PageRequest & { partyIds: readonly string[] | null; templates: readonly string[] | null },
    ): SnapshotPageRead {
      const snapshot = snapshotOf(request);
      const query = {
        after: checkAfter(request.after),
        pageSize: checkPageSize(request.pageSize),
        partyIds: request.partyIds,
        templateKeys: templateKeysOf(request.templates),
        keyOf,
      };
      const filters = [query.partyIds?.join(',') ?? '*', query.templateKeys?.join(',') ?? '*'];
      return pageRead('acs', snapshot, query, filters, () => acsPage(contractsOf(snapshot), query));
    },
    holdings(
      request: SnapshotRequest & PageRequest & { owners: readonly string[] },
    ): SnapshotPageRead {
      const owners = nonEmpty(request.owners, 'ownerPartyIds');
      const query = {
        after: checkAfter(request.after),
        pageSize: checkPageSize(request.pageSize),
        owners,
      };
      const snapshot = snapshotOf(request);
      return pageRead('holdings', snapshot, query, [owners.join(',')], () => {
        const index = holdingsIndexOf(contractsOf(snapshot), keyOf);
        return holdingsPage(contractsOf(snapshot), index, query);
      });
    },
    /** With `fees`, as of `asOfRound` (the earliest open round unless given). */
    holdingsSummary(
      request: SnapshotRequest & {
        owners: readonly string[];
        asOfRound: number | null;
        fees: boolean;
      },
    ): HoldingsSummaries {
      const owners = [...new Set(nonEmpty(request.owners, 'partyIds'))];
      const snapshot = snapshotOf(request);
      const round = request.fees ? roundOf(request.asOfRound) : null;
      const index = holdingsIndexOf(contractsOf(snapshot), keyOf);
      return {
        snapshot: timeOf(snapshot),
        round,
        summaries: owners.map((owner) => ({
          owner,
          totals: summarizeHoldings(contractsOf(snapshot), index, {
            owner,
            asOfRound: round ?? 0n,
            keyOf,
          }),
        })),
      };
    },
  };
}

export type StateReads = ReturnType<typeof createStateReads>;
