import { pathToFileURL } from 'node:url';
import { fc, test } from '@fast-check/vitest';
import { sentenceOf } from '@pocketnet/client';
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
type Errors = { explain(message: string): string };
type Format = {
  stateWord(state: string, how?: { machine?: string; other?: string }): string;
  stateTone(state: string): string;
};

const page = pathToFileURL(`${webPages.wallet}/`);
const kit = pathToFileURL(`${webPages.uiKit}/`);
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
  it('drops Splice’s error ids from the node’s messages', () => {
    expect(
      sentenceOf(
        'splice.lfdecentralizedtrust.org/insufficient-funds: Insufficient funds: you are missing 10.0 to complete this transfer.',
      ),
    ).toBe('Insufficient funds: you are missing 10.0 to complete this transfer.');
    expect(sentenceOf('the user bob is not onboarded')).toBe('The user bob is not onboarded.');
    expect(sentenceOf('')).toBe('The node refused the request.');
  });

  it('says what to do about a refusal, with units', async () => {
    const { explain } = (await import(new URL('errors.js', kit).href)) as Errors;
    expect(explain('Insufficient funds: you are missing 98816.3 to complete this transfer.')).toBe(
      'Not enough coin: this needs 98,816.3 CC more than you hold, fees included. Send less, or tap or receive coin first.',
    );
    // The same refusal from Splice's own packages (--splice-dars), as a Daml failure status.
    expect(
      explain(
        'User failure: splice.lfdecentralizedtrust.org/insufficient-funds (error category 9): Insufficient funds: you are missing 998175.0 to complete this transfer.',
      ),
    ).toBe(
      'Not enough coin: this needs 998,175.0 CC more than you hold, fees included. Send less, or tap or receive coin first.',
    );
    expect(
      explain(
        "Invalid value for: body (a user id has letters, digits and @^$.!`-#+'~_|: at 'user').",
      ),
    ).toBe(
      "A user name has only letters, digits and @^$.!`-#+'~_|: — no spaces. Try again without them.",
    );
    expect(explain('The user bob is not onboarded.')).toBe('The user bob is not onboarded.');
  });

  it('names workflow states for people', async () => {
    const format = await load<Format>('format.js');
    expect(format.stateWord('open.created', { machine: 'transfer-offer', other: 'bob' })).toBe(
      'Waiting for bob',
    );
    expect(format.stateWord('open.active.renewed', { machine: 'transfer-preapproval' })).toBe(
      'Renewed',
    );
    expect(format.stateWord('withdrawn', { machine: 'transfer-offer' })).toBe('Withdrawn');
    expect(format.stateTone('withdrawn')).toBe('bad');
    expect(format.stateTone('open.active.paid')).toBe('good');
    expect(format.stateTone('created')).toBe('neutral');
  });
});
