import type { CreatedNode } from '@pocketnet/ledger';
import { stakeholdersOf } from '../../projections/active-contracts.projection.ts';
import { amuletTemplates } from '../../vocabulary/splice-templates.ts';
import { payloadOf } from '../../vocabulary/typed-commands.ts';
import type { AcsEntry, AcsKeys } from './acs-entries.ts';
import { lastAtOrBefore } from './scan-time.ts';

/**
 * One page of a snapshot. Tokens are positions in the snapshot: `after = n` continues with its
 * (n+1)-th contract, and `nextPageToken` is null on the last page.
 */
export type SnapshotPage = {
  readonly entries: readonly AcsEntry[];
  readonly nextPageToken: number | null;
};

/** How a snapshot's contracts are read: its keys, and the contract each key names. */
export type SnapshotContracts = {
  readonly keys: AcsKeys;
  readonly entryAt: (key: number) => AcsEntry | undefined;
};

export const amuletKey = 'splice-amulet:Splice.Amulet:Amulet';
export const lockedAmuletKey = 'splice-amulet:Splice.Amulet:LockedAmulet';

/** The owner of an Amulet or LockedAmulet (template name key `key`), else null. */
export function holdingOwner(node: CreatedNode, key: string): string | null {
  if (key === amuletKey) return payloadOf(amuletTemplates.Amulet, node.createArgument).owner;
  if (key === lockedAmuletKey) {
    return payloadOf(amuletTemplates.LockedAmulet, node.createArgument).amulet.owner;
  }
  return null;
}

/** The contracts of a snapshot matching the filters, from position `after` on. */
export function acsPage(
  snapshot: SnapshotContracts,
  request: {
    readonly after: number | null;
    readonly pageSize: number;
    readonly partyIds: readonly string[] | null;
    readonly templateKeys: readonly string[] | null;
    readonly keyOf: (templateId: string) => string;
  },
): SnapshotPage {
  const { partyIds, templateKeys, keyOf } = request;
  const matches = (entry: AcsEntry) =>
    (templateKeys === null || templateKeys.includes(keyOf(entry.node.templateId))) &&
    (partyIds === null || stakeholdersOf(entry.node).some((party) => partyIds.includes(party)));
  const page: AcsEntry[] = [];
  for (let index = request.after ?? 0; index < snapshot.keys.length; index++) {
    const entry = snapshot.entryAt(snapshot.keys[index] ?? 0);
    if (entry === undefined || !matches(entry)) continue;
    if (page.length === request.pageSize) return { entries: page, nextPageToken: index };
    page.push(entry);
  }
  return { entries: page, nextPageToken: null };
}

/** Positions of the Amulet and LockedAmulet contracts of a snapshot, by owner. */
export type HoldingsIndex = ReadonlyMap<string, readonly number[]>;

// Snapshots between which nothing changed share one keys array, so they share this too.
const holdingsIndexes = new WeakMap<AcsKeys, HoldingsIndex>();

export function holdingsIndexOf(
  snapshot: SnapshotContracts,
  keyOf: (templateId: string) => string,
): HoldingsIndex {
  const cached = holdingsIndexes.get(snapshot.keys);
  if (cached) return cached;
  const index = new Map<string, number[]>();
  snapshot.keys.forEach((key, position) => {
    const node = snapshot.entryAt(key)?.node;
    const owner = node ? holdingOwner(node, keyOf(node.templateId)) : null;
    if (owner === null) return;
    const positions = index.get(owner);
    if (positions) positions.push(position);
    else index.set(owner, [position]);
  });
  holdingsIndexes.set(snapshot.keys, index);
  return index;
}

/** The holdings of `owners` in a snapshot, in creation order, from position `after` on. */
export function holdingsPage(
  snapshot: SnapshotContracts,
  index: HoldingsIndex,
  request: {
    readonly after: number | null;
    readonly pageSize: number;
    readonly owners: readonly string[];
  },
): SnapshotPage {
  const after = request.after ?? 0;
  const wanted = request.pageSize + 1;
  const positions: number[] = [];
  for (const owner of new Set(request.owners)) {
    const list = index.get(owner) ?? [];
    const start = lastAtOrBefore(list, after - 1) + 1;
    for (let at = start; at < list.length && at < start + wanted; at++) {
      positions.push(list[at] ?? 0);
    }
  }
  positions.sort((a, b) => a - b);
  const page = positions.slice(0, request.pageSize).flatMap((position) => {
    const entry = snapshot.entryAt(snapshot.keys[position] ?? 0);
    return entry ? [entry] : [];
  });
  const next = positions.length > request.pageSize ? positions[request.pageSize] : undefined;
  return { entries: page, nextPageToken: next ?? null };
}
