import type { DamlType, Value } from '@pocketnet/ledger';
import { checkValue, t } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { fromLedgerValue, toLedgerValue } from './ledger-values.ts';

const shape = t.variant({ Circle: t.numeric(0), Nothing: t.unit() }, 'pkg:M:Shape');
const color = t.enum(['Red', 'Green'], 'pkg:M:Color');
const payload: DamlType = t.record(
  {
    owner: t.party(),
    amount: t.numeric(10),
    count: t.int64(),
    when: t.time(),
    day: t.date(),
    maybe: t.optional(t.optional(t.text())),
    shapes: t.list(shape),
    color,
    labels: t.textMap(t.bool()),
    ranks: t.genMap(t.int64(), t.text()),
    cid: t.contractId(),
  },
  'pkg:M:Payload',
);

function roundTrip(input: unknown): Value {
  const normalised = checkValue(payload, input, 'payload');
  const lf = fromLedgerValue(payload, normalised);
  const back = toLedgerValue(payload, lf);
  expect(back).toEqual(normalised);
  return back;
}

describe('ledger values and machine values', () => {
  it('round-trip every kind of value in its normalised form', () => {
    const base = {
      owner: 'alice::1220ab',
      amount: '1.5',
      count: '-3',
      when: '2025-01-01T00:00:00.000001Z',
      day: '2024-02-29',
      shapes: [
        { tag: 'Circle', value: '3' },
        { tag: 'Nothing', value: {} },
      ],
      color: 'Green',
      labels: { b: true, a: false },
      ranks: [
        ['-1', 'minus one'],
        ['2', 'two'],
      ],
      cid: `00${'ab'.repeat(33)}`,
    };
    roundTrip({ ...base, maybe: null });
    roundTrip({ ...base, maybe: [] });
    roundTrip({ ...base, maybe: ['x'] });
  });

  it('gives records their type constructor and variants their rank', () => {
    const lf = fromLedgerValue(shape, { tag: 'Nothing', value: {} });
    expect(lf).toMatchObject({ tag: 'Variant', tycon: 'pkg:M:Shape', rank: 1 });
    expect(fromLedgerValue(color, 'Green')).toMatchObject({ tag: 'Enum', rank: 1 });
  });

  it('sorts generic map keys by the LF order', () => {
    const map = fromLedgerValue(t.genMap(t.int64(), t.text()), [
      ['10', 'a'],
      ['-2', 'b'],
    ]);
    expect(map).toMatchObject({ keys: [-2n, 10n] });
  });
});
