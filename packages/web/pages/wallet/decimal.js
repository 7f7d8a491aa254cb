// Amounts are Daml Numeric 10: decimal strings, held here as bigints of 10^-10 units. They are
// never turned into JavaScript numbers; arithmetic is on bigints, and text is formatted for display.

const decimals = 10;
const scale = 10n ** BigInt(decimals);
const pattern = /^(-)?(\d+)(?:\.(\d*))?$/;

/**
 * `'12.5'` → 125000000000n; null for anything that is not a decimal with up to 10 decimals.
 * @param {string | null | undefined} text
 * @returns {bigint | null}
 */
export function toUnits(text) {
  const match = pattern.exec(String(text ?? '').trim());
  if (!match) return null;
  const [, minus, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) return null;
  const units = BigInt(whole) * scale + BigInt(fraction.padEnd(decimals, '0') || '0');
  return minus ? -units : units;
}

/**
 * 125000000000n → `'12.5000000000'`, the canonical Numeric 10 text.
 * @param {bigint} units
 */
export function fromUnits(units) {
  const negative = units < 0n;
  const size = negative ? -units : units;
  const text = `${size / scale}.${(size % scale).toString().padStart(decimals, '0')}`;
  return negative ? `-${text}` : text;
}

/**
 * The sum of decimal strings, exactly.
 * @param {readonly string[]} texts
 */
export function sum(texts) {
  return fromUnits(texts.reduce((total, text) => total + (toUnits(text) ?? 0n), 0n));
}

/**
 * The coin `usd` buys at `price` USD per coin (Numeric 10, the last digit cut as Daml's division
 * rounds it down); null when either is not a decimal or the price is not positive.
 * @param {string} usd
 * @param {string} price
 */
export function coinForUsd(usd, price) {
  const dollars = toUnits(usd);
  const perCoin = toUnits(price);
  if (dollars === null || perCoin === null || perCoin <= 0n) return null;
  return fromUnits((dollars * scale) / perCoin);
}

/**
 * What `bytes` of traffic cost in USD at `usdPerMb` (Splice's `bytes / 1e6 × extraTrafficPrice`).
 * @param {number} bytes
 * @param {string} usdPerMb
 */
export function trafficUsd(bytes, usdPerMb) {
  const perMb = toUnits(usdPerMb);
  return perMb === null ? null : fromUnits((perMb * BigInt(bytes)) / 1_000_000n);
}

/**
 * -1, 0 or 1, as `a` is less than, equal to or greater than `b`.
 * @param {string} a
 * @param {string} b
 */
export function compare(a, b) {
  const difference = (toUnits(a) ?? 0n) - (toUnits(b) ?? 0n);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

/**
 * @param {string} whole
 */
const group = (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * A decimal string for people: thousands grouped, trailing zeros dropped but at least
 * `minFraction` decimals kept (`'1234.5000000000'` → `'1,234.50'`); `signed` adds a `+`.
 * @param {string | null | undefined} text
 * @param {{ minFraction?: number, signed?: boolean }} [how]
 */
export function formatAmount(text, { minFraction = 2, signed = false } = {}) {
  const units = toUnits(text);
  if (units === null) return String(text ?? '');
  const [whole = '0', fraction = ''] = fromUnits(units < 0n ? -units : units).split('.');
  let shown = fraction.replace(/0+$/, '');
  if (shown.length < minFraction) shown = shown.padEnd(minFraction, '0');
  const sign = units < 0n ? '−' : signed && units > 0n ? '+' : '';
  return `${sign}${group(whole)}${shown ? `.${shown}` : ''}`;
}

/**
 * What a person typed as an amount, as Numeric 10 text; throws an Error that says what is wrong.
 * Grouping commas and spaces are allowed (`1,000.5`).
 * @param {string | null | undefined} input
 * @param {string} [what]
 */
export function parseAmountInput(input, what = 'The amount') {
  const text = String(input ?? '').replace(/[,\s_]/g, '');
  if (text === '') throw new Error(`${what} is missing.`);
  if (!/^\d*\.?\d*$/.test(text) || text === '.') {
    throw new Error(`${what} must be a number, such as 12.5.`);
  }
  const units = toUnits(text.startsWith('.') ? `0${text}` : text.replace(/\.$/, ''));
  if (units === null) throw new Error(`${what} can have at most ${decimals} decimal places.`);
  if (units <= 0n) throw new Error(`${what} must be more than zero.`);
  return fromUnits(units);
}
