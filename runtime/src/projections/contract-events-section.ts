import { type CreatedRef, createdRefOf, nodeIdOfRef, offsetOfRef } from './contract-refs.ts';

/**
 * The contract events index's state section: per contract in the index's order, its key (fixed
 * width) in `keys`, and in `events` three numbers, comma-separated: its create's offset less the
 * previous contract's, its node id, and 0 while active or else the offset that archived it less
 * its create's, plus 1. Small numbers, no record, and two strings, which a state file's parse
 * reads at once rather than number by number.
 */
export type SavedContractEvents = { readonly keys: string; readonly events: string };

/** Each key's contracts, flat: a contract's create, then the offset that archived it (0: none). */
export type KeyedContracts = readonly number[];

export function saveContractEvents(
  index: Iterable<readonly [string, KeyedContracts]>,
): SavedContractEvents {
  const keys: string[] = [];
  const events: number[] = [];
  let previousOffset = 0;
  for (const [key, contracts] of index) {
    for (let at = 0; at < contracts.length; at += 2) {
      const created = contracts[at] ?? 0;
      const archived = contracts[at + 1] ?? 0;
      const offset = offsetOfRef(created);
      keys.push(key);
      events.push(offset - previousOffset, nodeIdOfRef(created));
      events.push(archived === 0 ? 0 : archived - offset + 1);
      previousOffset = offset;
    }
  }
  return { keys: keys.join(''), events: events.join(',') };
}

/** The comma-separated integers of `text`, read without a string for each. */
function integersOf(text: string): number[] {
  const integers: number[] = [];
  let value = 0;
  let sign = 1;
  for (let at = 0; at <= text.length; at += 1) {
    const code = at < text.length ? text.charCodeAt(at) : 44;
    if (code === 44) {
      integers.push(sign * value);
      value = 0;
      sign = 1;
    } else if (code === 45) sign = -1;
    else value = value * 10 + code - 48;
  }
  return text.length === 0 ? [] : integers;
}

/** Calls `add` with each saved contract's key, create and archiving offset, in saved order. */
export function forEachSavedContract(
  saved: SavedContractEvents,
  keyLength: number,
  add: (key: string, created: CreatedRef, archived: number) => void,
): void {
  const events = integersOf(saved.events);
  let offset = 0;
  for (let contract = 0; contract * 3 < events.length; contract += 1) {
    offset += events[contract * 3] ?? 0;
    const archivedAfter = events[contract * 3 + 2] ?? 0;
    add(
      saved.keys.slice(contract * keyLength, (contract + 1) * keyLength),
      createdRefOf(offset, events[contract * 3 + 1] ?? 0),
      archivedAfter === 0 ? 0 : offset + archivedAfter - 1,
    );
  }
}
