import { pathToFileURL } from 'node:url';
import { fc, test } from '@fast-check/vitest';
import { webPages } from '@pocketnet/web';
import { beforeAll, describe, expect, it } from 'vitest';

// The wallet page's plain browser modules that need no browser: Numeric 10 amounts as exact
// bigints and their display, and the words the page shows for the node's errors and states.

type Decimal = {
  toUnits(text: string): bigint | null;
  fromUnits(units: bigint): string;
  sum(texts: string[]): string;
  compare(a: string, b: string): number;
  formatAmount(text: string, options?: { minFraction?: number; signed?: boolean }): string;
  parseAmountInput(input: string, what?: string): string;
};
type Api = { wordsOf(text: string): string };
type Format = {
  partyLabel(party: string): string;
  stateWord(state: string, how?: { machine?: string; other?: string }): string;
  stateTone(state: string): string;
};

const page = pathToFileURL(`${webPages.wallet}/`);
const load = async <T>(name: string) => (await import(new URL(name, page).href)) as T;

const units = fc.bigInt({ min: -(10n ** 28n), max: 10n ** 28n });

describe('the wallet page’s amounts', () => {
  let decimal: Decimal;
  beforeAll(async () => {
    decimal = await load<Decimal>('decimal.js');
  });

  test.prop([units])('read back exactly what they write', (value) => {
    const text = decimal.fromUnits(value);
    expect(text).toMatch(/^-?\d+\.\d{10}$/);
    expect(decimal.toUnits(text)).toBe(value);
  });

  test.prop([fc.array(units, { maxLength: 20 })])('add up exactly, as bigints do', (values) => {
    const total = values.reduce((sum, value) => sum + value, 0n);
    expect(decimal.sum(values.map(decimal.fromUnits))).toBe(decimal.fromUnits(total));
  });

  test.prop([units, units])('compare as their values', (a, b) => {
    expect(decimal.compare(decimal.fromUnits(a), decimal.fromUnits(b))).toBe(
      a < b ? -1 : a > b ? 1 : 0,
    );
  });

  test.prop([units])('show the same value, grouped and trimmed', (value) => {
    const shown = decimal.formatAmount(decimal.fromUnits(value));
    const plain = shown.replace(/,/g, '').replace('−', '-');
    expect(decimal.toUnits(plain)).toBe(value);
    expect(shown).toMatch(/^−?\d{1,3}(,\d{3})*\.\d{2,10}$/);
  });

  it('keeps digits a float would lose', () => {
    expect(decimal.sum(['0.1000000000', '0.2000000000'])).toBe('0.3000000000');
    expect(decimal.formatAmount('12345678901234567.0000000001')).toBe(
      '12,345,678,901,234,567.0000000001',
    );
    expect(decimal.formatAmount('-150.0000000000', { signed: true })).toBe('−150.00');
    expect(decimal.formatAmount('25', { signed: true })).toBe('+25.00');
  });

  it('reads what a person types, and says what is wrong with it', () => {
    expect(decimal.parseAmountInput(' 1,000.5 ')).toBe('1000.5000000000');
    expect(decimal.parseAmountInput('.25')).toBe('0.2500000000');
    expect(() => decimal.parseAmountInput('')).toThrow('The amount is missing.');
    expect(() => decimal.parseAmountInput('ten')).toThrow('must be a number, such as 12.5.');
    expect(() => decimal.parseAmountInput('1.00000000001')).toThrow('at most 10 decimal places');
    expect(() => decimal.parseAmountInput('0')).toThrow('must be more than zero.');
    expect(() => decimal.parseAmountInput('-3')).toThrow('must be a number');
  });
});

describe('the wallet page’s words', () => {
  it('drops Splice’s error ids from the node’s messages', async () => {
    const { wordsOf } = await load<Api>('api.js');
    expect(
      wordsOf(
        'splice.lfdecentralizedtrust.org/insufficient-funds: Insufficient funds: you are missing 10.0 to complete this transfer.',
      ),
    ).toBe('Insufficient funds: you are missing 10.0 to complete this transfer.');
    expect(wordsOf('the user bob is not onboarded')).toBe('The user bob is not onboarded.');
    expect(wordsOf('')).toBe('The node refused the request.');
  });

  it('names parties and workflow states for people', async () => {
    const format = await load<Format>('format.js');
    expect(format.partyLabel('alice::1220abcdef0123456789')).toBe('alice (1220…6789)');
    expect(format.stateWord('created', { machine: 'transfer-offer', other: 'bob' })).toBe(
      'Waiting for bob',
    );
    expect(format.stateWord('active.renewed', { machine: 'transfer-preapproval' })).toBe('Renewed');
    expect(format.stateWord('withdrawn', { machine: 'transfer-offer' })).toBe('Withdrawn');
    expect(format.stateTone('withdrawn')).toBe('bad');
    expect(format.stateTone('active.paid')).toBe('good');
    expect(format.stateTone('created')).toBe('neutral');
  });
});
