import { DomainError } from '@pocketnet/ledger';

/** How the node's Scan keeps history; every field has a default. */
export type ScanHistoryOptions = {
  /** Node time between two scheduled ACS snapshots (Splice's default: 3 hours). */
  readonly acsSnapshotIntervalMicros?: bigint;
  /** Serve ACS snapshots and update history as downloadable objects (`/v0/history/bulk/*`). */
  readonly bulkStorage?: boolean;
  /** Let `/v0/state/acs/force` take snapshots (Splice turns it off in production). */
  readonly forcedAcsSnapshots?: boolean;
  /** Contracts, or updates, per bulk object. */
  readonly bulkObjectSize?: number;
};

export const defaultAcsSnapshotIntervalMicros = 3n * 3_600_000_000n;

/** The largest page any history endpoint returns (Splice's default page limit). */
export const maxPageSize = 1000;

/** A page size from a request: an integer from 1 to `maxPageSize`, else INVALID_ARGUMENT. */
export function checkPageSize(size: number, field = 'page_size'): number {
  if (!Number.isInteger(size) || size < 1 || size > maxPageSize) {
    throw new DomainError(
      'INVALID_ARGUMENT',
      `${field} must be an integer from 1 to ${maxPageSize}, got ${size}`,
    );
  }
  return size;
}
