import { t } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { toProtobufValue } from './protobuf-value.ts';

describe('the protobuf_json encoding of Daml values', () => {
  it('tags every scalar with its kind, as the Ledger API Value message does', () => {
    const type = t.record(
      {
        flag: t.bool(),
        name: t.text(),
        count: t.int64(),
        amount: t.numeric(10),
        who: t.party(),
        cid: t.contractId(),
        at: t.time(),
        day: t.date(),
        nothing: t.unit(),
      },
      'M:R',
    );
    const value = {
      flag: false,
      name: 'x',
      count: '-3',
      amount: '1.5000000000',
      who: 'alice::1220',
      cid: '00ab',
      at: '1970-01-01T00:00:01.000002Z',
      day: '1970-01-11',
      nothing: {},
    };
    expect(toProtobufValue(value, type)).toEqual({
      record: {
        fields: [
          { label: 'flag', value: { bool: false } },
          { label: 'name', value: { text: 'x' } },
          { label: 'count', value: { int64: '-3' } },
          { label: 'amount', value: { numeric: '1.5000000000' } },
          { label: 'who', value: { party: 'alice::1220' } },
          { label: 'cid', value: { contractId: '00ab' } },
          { label: 'at', value: { timestamp: '1000002' } },
          { label: 'day', value: { date: 10 } },
          { label: 'nothing', value: { unit: {} } },
        ],
      },
    });
  });

  it('reads nested optionals, lists, maps, variants and enums by their types', () => {
    const nested = t.optional(t.optional(t.int64()));
    expect(toProtobufValue(null, nested)).toEqual({ optional: {} });
    expect(toProtobufValue([], nested)).toEqual({ optional: { value: { optional: {} } } });
    expect(toProtobufValue(['7'], nested)).toEqual({
      optional: { value: { optional: { value: { int64: '7' } } } },
    });
    expect(toProtobufValue([], t.list(t.text()))).toEqual({ list: {} });
    expect(toProtobufValue(['a'], t.list(t.text()))).toEqual({
      list: { elements: [{ text: 'a' }] },
    });
    expect(toProtobufValue({ k: '1' }, t.textMap(t.int64()))).toEqual({
      textMap: { entries: [{ key: 'k', value: { int64: '1' } }] },
    });
    expect(toProtobufValue([['p::1', '2']], t.genMap(t.party(), t.int64()))).toEqual({
      genMap: { entries: [{ key: { party: 'p::1' }, value: { int64: '2' } }] },
    });
    const variant = t.variant({ Left: t.int64(), Right: t.text() }, 'M:Either');
    expect(toProtobufValue({ tag: 'Right', value: 'r' }, variant)).toEqual({
      variant: { constructor: 'Right', value: { text: 'r' } },
    });
    expect(toProtobufValue('Red', t.enum(['Red', 'Green'], 'M:Colour'))).toEqual({
      enum: { constructor: 'Red' },
    });
  });
});
