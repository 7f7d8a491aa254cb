import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createPartyListPool, noParties, partySet, unionOf, unpooled } from './parties.ts';

const party = fc.constantFrom('alice::1220aa', 'bob::1220bb', 'carol::1220cc', 'Bank::1220dd');

describe('party sets', () => {
  test.prop([fc.array(party, { maxLength: 6 })])(
    'a party set is the sorted list of the distinct parties, always a new array',
    (parties) => {
      const set = partySet(parties);
      expect(set).toEqual([...new Set(parties)].sort());
      expect(set).not.toBe(parties);
    },
  );

  test.prop([fc.array(party), fc.array(party)])(
    'a union is the party set of both',
    (left, right) => {
      expect(unionOf(left, right)).toEqual(partySet([...left, ...right]));
    },
  );
});

describe('party list pool', () => {
  test('equal lists share one frozen instance; the caller keeps its own array', () => {
    const share = createPartyListPool();
    const first = ['alice::1220aa', 'bob::1220bb'];
    const pooled = share(first);
    expect(pooled).toEqual(first);
    expect(pooled).not.toBe(first);
    expect(Object.isFrozen(pooled)).toBe(true);
    expect(share(['alice::1220aa', 'bob::1220bb'])).toBe(pooled);
    first.push('carol::1220cc');
    expect(pooled).toEqual(['alice::1220aa', 'bob::1220bb']);
    expect(share(['bob::1220bb', 'alice::1220aa'])).not.toBe(pooled);
    expect(share(['alice::1220aa'])).toEqual(['alice::1220aa']);
  });

  test('empty lists are the one shared empty list, with or without a pool', () => {
    expect(createPartyListPool()([])).toBe(noParties);
    expect(unpooled([])).toBe(noParties);
    const list = ['alice::1220aa'];
    expect(unpooled(list)).toBe(list);
  });

  test('past its limit the pool shares what it has and leaves new lists alone', () => {
    const share = createPartyListPool(1);
    const pooled = share(['alice::1220aa']);
    const other = ['bob::1220bb'];
    expect(share(other)).toBe(other);
    expect(share(['alice::1220aa'])).toBe(pooled);
    const longer = ['alice::1220aa', 'bob::1220bb'];
    expect(share(longer)).toBe(longer);
  });
});
