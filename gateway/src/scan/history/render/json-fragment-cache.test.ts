import { describe, expect, it } from 'vitest';
import { createJsonFragmentCache, jsonWithList } from './json-fragment-cache.ts';

describe('the cache of serialised fragments', () => {
  it('serialises once per key and dialect, and keeps within its budget', () => {
    const cache = createJsonFragmentCache<object>(30);
    const a = {};
    const b = {};
    expect(cache.put(a, 'v2', { x: 1 }).toString()).toBe('{"x":1}');
    expect(cache.get(b, 'v2')).toBeUndefined();
    cache.put(b, 'v2', { y: 'long enough to evict' });
    expect(cache.size()).toBeLessThanOrEqual(30);
    expect(cache.get(a, 'v2')).toBeUndefined();
    expect(cache.get(b, 'v2')?.toString()).toBe('{"y":"long enough to evict"}');
    expect(cache.get(b, 'v1')).toBeUndefined();
  });

  it('gives an entry read since it was stored a second chance before eviction', () => {
    const cache = createJsonFragmentCache<object>(20);
    const [a, b, c] = [{}, {}, {}];
    cache.put(a, 'd', 'aaaaaa');
    cache.put(b, 'd', 'bbbbbb');
    cache.get(a, 'd');
    cache.put(c, 'd', 'cccccc');
    expect(cache.get(a, 'd')?.toString()).toBe('"aaaaaa"');
    expect(cache.get(b, 'd')).toBeUndefined();
  });

  it('joins fragments into one JSON object between other fields', () => {
    const fragments = [Buffer.from('{"a":1}'), Buffer.from('[2]')];
    const json = jsonWithList('items', fragments, { before: { at: 't' }, after: { next: 3 } });
    expect(JSON.parse(Buffer.concat(json.chunks).toString())).toEqual({
      at: 't',
      items: [{ a: 1 }, [2]],
      next: 3,
    });
    expect(json.length).toBe(Buffer.concat(json.chunks).length);
    expect(JSON.parse(Buffer.concat(jsonWithList('empty', []).chunks).toString())).toEqual({
      empty: [],
    });
  });
});
