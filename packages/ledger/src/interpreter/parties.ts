import { DomainError } from '../errors.ts';

/** The empty party list, shared: most contracts have no observers. */
export const noParties: readonly string[] = Object.freeze([]);

function isSortedSet(parties: readonly string[]): boolean {
  for (let index = 1; index < parties.length; index += 1) {
    if ((parties[index - 1] ?? '') >= (parties[index] ?? '')) return false;
  }
  return true;
}

/**
 * The parties in code-unit order. A handful (a contract's signatories and observers) are
 * sorted by insertion in the copy itself: Array.prototype.sort allocates a work area on every
 * call, which on the create path cost more than the copy.
 */
function sortedCopy(parties: readonly string[]): string[] {
  return sortInPlace(parties.slice());
}

function sortInPlace(sorted: string[]): string[] {
  if (sorted.length > 16) return sorted.sort();
  for (let index = 1; index < sorted.length; index += 1) {
    const party = sorted[index] as string;
    let at = index;
    while (at > 0 && (sorted[at - 1] as string) > party) {
      sorted[at] = sorted[at - 1] as string;
      at -= 1;
    }
    sorted[at] = party;
  }
  return sorted;
}

/** Parties as a set: deduplicated and sorted, so nodes list them deterministically. */
export function partySet(parties: readonly string[]): string[] {
  // Lists are mostly sets already (a node's parties, a payload's signatories): then a copy does.
  if (isSortedSet(parties)) return parties.slice();
  return setInPlace(sortedCopy(parties));
}

/** `parties`, an array of the caller's own, made a set in place. */
function ownSet(parties: string[]): string[] {
  return isSortedSet(parties) ? parties : setInPlace(sortInPlace(parties));
}

/** A sorted array with its repetitions dropped, in place. */
function setInPlace(sorted: string[]): string[] {
  // Sorted, so repetitions are neighbours: drop them in place (no Set for two or three parties).
  let kept = 0;
  for (const party of sorted) {
    if (kept === 0 || sorted[kept - 1] !== party) {
      sorted[kept] = party;
      kept += 1;
    }
  }
  sorted.length = kept;
  return sorted;
}

export function unionOf(...groups: readonly (readonly string[])[]): string[] {
  // Joined into one array of our own (Array.prototype.flat is slow, and its copy is a copy
  // partySet would make again).
  let total = 0;
  for (const group of groups) total += group.length;
  const all = new Array<string>(total);
  let at = 0;
  for (const group of groups) {
    for (let index = 0; index < group.length; index += 1) {
      all[at] = group[index] as string;
      at += 1;
    }
  }
  return ownSet(all);
}

/** Whether two party lists hold the same parties in the same order. */
export function isSameList(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((party, index) => party === right[index]);
}

/** Shares equal party lists: returns the pool's instance of `parties`. */
export type PartyListPool = (parties: readonly string[]) => readonly string[];

/** No pool: only the empty list is shared. */
export const unpooled: PartyListPool = (parties) => (parties.length === 0 ? noParties : parties);

/** A trie of party lists, one level per party: finding a list hashes only its parties. */
type ListNode = { list: readonly string[] | null; next: Map<string, ListNode> | null };

function childOf(node: ListNode, party: string): ListNode {
  node.next ??= new Map();
  let child = node.next.get(party);
  if (child === undefined) {
    child = { list: null, next: null };
    node.next.set(party, child);
  }
  return child;
}

/**
 * One instance of each party list (signatories, witnesses, actAs), so that the many contracts
 * and transactions of the same parties share one array. Bounded: past `limit` distinct lists
 * new ones stay unshared rather than grow the pool without end.
 */
export function createPartyListPool(limit = 10_000): PartyListPool {
  const root: ListNode = { list: null, next: null };
  let size = 0;
  return (parties) => {
    if (parties.length === 0) return noParties;
    let node = root;
    for (const party of parties) {
      const child = node.next?.get(party);
      if (child === undefined && size >= limit) return parties;
      node = child ?? childOf(node, party);
    }
    if (node.list !== null) return node.list;
    if (size >= limit) return parties;
    size += 1;
    // A frozen copy: the caller may still own (and change) the array it passed.
    node.list = Object.freeze([...parties]);
    return node.list;
  };
}

export function withoutParties(parties: readonly string[], removed: readonly string[]): string[] {
  return parties.filter((party) => !removed.includes(party));
}

/** DAML_AUTHORIZATION_ERROR unless every required party is among the authorizers. */
export function requireAuthorization(
  action: string,
  required: readonly string[],
  authorizers: ReadonlySet<string>,
): void {
  const missing = required.filter((party) => !authorizers.has(party));
  if (missing.length === 0) return;
  throw new DomainError(
    'DAML_AUTHORIZATION_ERROR',
    `${action} requires authorizers ${required.join(', ')}, but only ${[...authorizers].join(', ') || 'nobody'} were given; missing ${missing.join(', ')}`,
  );
}
