import { DomainError } from '../errors.ts';
import { describeInput, formatNumeric, readNumeric } from '../numeric/numeric.ts';
import type { Value } from '../value.ts';
import { formatDate, formatTime, parseDate, parseTime } from './time.ts';

const int64Pattern = /^[+-]?\d+$/;
const int64Min = -(2n ** 63n);
const int64Max = 2n ** 63n - 1n;
const partyPattern = /^[A-Za-z0-9:\-_ ]{1,255}$/;
const contractIdPattern = /^[0-9a-fA-F]{2,254}$/;

/** INVALID_ARGUMENT naming the path of the bad field, e.g. `createArguments.amount: ...`. */
export function invalidAt(path: string, reason: string): DomainError {
  return new DomainError('INVALID_ARGUMENT', `${path}: ${reason}`, { details: { path } });
}

function expected(what: string, input: unknown, path: string): DomainError {
  return invalidAt(path, `expected ${what}, got ${describeInput(input)}`);
}

export function readInt64(input: unknown, path: string): Value {
  let value: bigint;
  if (typeof input === 'number' && Number.isInteger(input)) value = BigInt(input);
  else if (typeof input === 'string' && int64Pattern.test(input)) value = BigInt(input);
  else throw expected('Int64', input, path);
  if (value < int64Min || value > int64Max) {
    throw invalidAt(path, `Int64 out of range: ${describeInput(input)}`);
  }
  return value.toString();
}

// The normalised text of a Numeric 10 (no leading zeros, exactly ten decimals, |x| < 10^28):
// most values a ledger checks are ones it produced itself, and these need no parse and format.
const canonicalNumeric10 = /^-?(?:0|[1-9]\d{0,27})\.\d{10}$/;
const negativeZero10 = '-0.0000000000';

export function readNumericValue(input: unknown, path: string, scale: number): Value {
  if (
    scale === 10 &&
    typeof input === 'string' &&
    canonicalNumeric10.test(input) &&
    input !== negativeZero10
  ) {
    return input;
  }
  const scaled = readNumeric(input, scale);
  if (typeof scaled === 'string') throw invalidAt(path, scaled);
  return formatNumeric(scaled, scale);
}

export function readTime(input: unknown, path: string): Value {
  const micros = typeof input === 'string' ? parseTime(input) : null;
  if (micros === null) throw expected('Time (ISO-8601, years 0001..9999)', input, path);
  return formatTime(micros);
}

export function readDate(input: unknown, path: string): Value {
  const days = typeof input === 'string' ? parseDate(input) : null;
  if (days === null) throw expected('Date (YYYY-MM-DD)', input, path);
  return formatDate(days);
}

/** Canton party ids are `hint::fingerprint`; any id of the allowed characters with `::` passes. */
export function isPartyId(input: unknown): input is string {
  return typeof input === 'string' && partyPattern.test(input) && input.includes('::');
}

export function readParty(input: unknown, path: string): Value {
  if (!isPartyId(input)) throw expected('Party (hint::fingerprint)', input, path);
  return input;
}

export function readContractId(input: unknown, path: string): Value {
  if (typeof input !== 'string' || !contractIdPattern.test(input)) {
    throw expected('ContractId (hex)', input, path);
  }
  return input;
}

export function readText(input: unknown, path: string): Value {
  if (typeof input !== 'string') throw expected('Text', input, path);
  return input;
}

export function readBool(input: unknown, path: string): Value {
  if (typeof input !== 'boolean') throw expected('Bool', input, path);
  return input;
}

export function isPlainObject(input: unknown): input is Readonly<Record<string, unknown>> {
  return typeof input === 'object' && input !== null && !Array.isArray(input);
}

export function readUnit(input: unknown, path: string): Value {
  if (!isPlainObject(input) || Object.keys(input).length > 0)
    throw expected('Unit ({})', input, path);
  return {};
}
