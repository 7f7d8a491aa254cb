import { createHash } from 'node:crypto';
import { formatDate } from '@pocketnet/ledger';
import { arithmeticFailure, FatalFailure } from '../values/evaluation-errors.ts';
import {
  addInt64,
  divInt64,
  expInt64,
  isInt64,
  modInt64,
  mulInt64,
  subInt64,
  textToInt64,
} from '../values/int64.ts';
import type {
  DateValue,
  LfValue,
  NumericValue,
  PartyValue,
  TimestampValue,
} from '../values/lf-value.ts';
import {
  date,
  listFromArray,
  listToArray,
  none,
  numeric,
  party,
  some,
  timestamp,
} from '../values/lf-value.ts';
import {
  addNumeric,
  castNumeric,
  divNumeric,
  fitsNumeric,
  mulNumeric,
  numericIntegralPart,
  powerOfTen,
  roundNumeric,
  shiftNumeric,
  subNumeric,
  textToNumeric,
} from '../values/numeric.ts';
import { codePoints, explode, isValidCodePoint } from '../values/text.ts';
import { isDateInRange, isTimestampInRange } from '../values/time.ts';
import type { BuiltinDefinition } from './builtin-definition.ts';
import { pure } from './builtin-definition.ts';
import { hexBytes } from './crypto-builtins.ts';
import { numericText, timestampText } from './literal-text.ts';

const int = (value: LfValue) => value as bigint;
const text = (value: LfValue) => value as string;
const num = (value: LfValue) => value as NumericValue;

function binaryInt64(operation: (left: bigint, right: bigint) => bigint): BuiltinDefinition {
  return pure(2, (left, right) => operation(int(left as LfValue), int(right as LfValue)));
}

// Party ids as LF spells them: 1..255 characters of [a-zA-Z0-9:\-_ ].
const partyPattern = /^[A-Za-z0-9:\-_ ]{1,255}$/;

function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export const scalarBuiltins: Readonly<Record<string, BuiltinDefinition>> = {
  ADD_INT64: binaryInt64(addInt64),
  SUB_INT64: binaryInt64(subInt64),
  MUL_INT64: binaryInt64(mulInt64),
  DIV_INT64: binaryInt64(divInt64),
  MOD_INT64: binaryInt64(modInt64),
  EXP_INT64: binaryInt64(expInt64),
  ADD_NUMERIC: pure(2, (left, right) => addNumeric(num(left as LfValue), num(right as LfValue))),
  SUB_NUMERIC: pure(2, (left, right) => subNumeric(num(left as LfValue), num(right as LfValue))),
  MUL_NUMERIC: pure(3, (witness, left, right) =>
    mulNumeric(num(witness as LfValue).scale, num(left as LfValue), num(right as LfValue)),
  ),
  DIV_NUMERIC: pure(3, (witness, left, right) =>
    divNumeric(num(witness as LfValue).scale, num(left as LfValue), num(right as LfValue)),
  ),
  ROUND_NUMERIC: pure(2, (digits, value) =>
    roundNumeric(int(digits as LfValue), num(value as LfValue)),
  ),
  CAST_NUMERIC: pure(2, (witness, value) =>
    castNumeric(num(witness as LfValue).scale, num(value as LfValue)),
  ),
  SHIFT_NUMERIC: pure(2, (witness, value) =>
    shiftNumeric(num(witness as LfValue).scale, num(value as LfValue)),
  ),
  INT64_TO_NUMERIC: pure(2, (witness, value) => {
    const { scale } = num(witness as LfValue);
    const unscaled = int(value as LfValue) * powerOfTen(scale);
    if (!fitsNumeric(unscaled)) arithmeticFailure('INT64_TO_NUMERIC', String(scale), String(value));
    return numeric(unscaled, scale);
  }),
  NUMERIC_TO_INT64: pure(1, (value) => {
    const whole = numericIntegralPart(num(value as LfValue));
    if (!isInt64(whole)) arithmeticFailure('NUMERIC_TO_INT64', numericText(num(value as LfValue)));
    return whole;
  }),
  INT64_TO_TEXT: pure(1, (value) => int(value as LfValue).toString()),
  NUMERIC_TO_TEXT: pure(1, (value) => numericText(num(value as LfValue))),
  TIMESTAMP_TO_TEXT: pure(1, (value) => timestampText((value as TimestampValue).micros)),
  DATE_TO_TEXT: pure(1, (value) => formatDate((value as DateValue).days)),
  PARTY_TO_TEXT: pure(1, (value) => (value as PartyValue).party),
  TEXT_TO_PARTY: pure(1, (value) =>
    partyPattern.test(text(value as LfValue)) ? some(party(text(value as LfValue))) : none,
  ),
  TEXT_TO_INT64: pure(1, (value) => {
    const parsed = textToInt64(text(value as LfValue));
    return parsed === null ? none : some(parsed);
  }),
  TEXT_TO_NUMERIC: pure(2, (witness, value) => {
    const parsed = textToNumeric(num(witness as LfValue).scale, text(value as LfValue));
    return parsed === null ? none : some(parsed);
  }),
  // In ledger code a contract id has no text form (the spec: always None).
  CONTRACT_ID_TO_TEXT: pure(1, () => none),
  SHA256_TEXT: pure(1, (value) => sha256(text(value as LfValue))),
  SHA256_HEX: pure(1, (value) => sha256(hexBytes(text(value as LfValue)))),
  EXPLODE_TEXT: pure(1, (value) => listFromArray(explode(text(value as LfValue)))),
  APPEND_TEXT: pure(2, (left, right) => text(left as LfValue) + text(right as LfValue)),
  IMPLODE_TEXT: pure(1, (value) => listToArray(value as never).join('')),
  CODE_POINTS_TO_TEXT: pure(1, (value) => {
    const points = listToArray(value as never).map(int);
    const invalid = points.find((point) => !isValidCodePoint(point));
    if (invalid !== undefined)
      throw new FatalFailure(`invalid code point 0x${invalid.toString(16)}.`);
    return String.fromCodePoint(...points.map(Number));
  }),
  TEXT_TO_CODE_POINTS: pure(1, (value) =>
    listFromArray(codePoints(text(value as LfValue)).map(BigInt)),
  ),
  DATE_TO_UNIX_DAYS: pure(1, (value) => BigInt((value as DateValue).days)),
  UNIX_DAYS_TO_DATE: pure(1, (value) => {
    if (!isDateInRange(int(value as LfValue)))
      arithmeticFailure('UNIX_DAYS_TO_DATE', String(value));
    return date(Number(value));
  }),
  TIMESTAMP_TO_UNIX_MICROSECONDS: pure(1, (value) => (value as TimestampValue).micros),
  UNIX_MICROSECONDS_TO_TIMESTAMP: pure(1, (value) => {
    if (!isTimestampInRange(int(value as LfValue))) {
      arithmeticFailure('UNIX_MICROSECONDS_TO_TIMESTAMP', String(value));
    }
    return timestamp(int(value as LfValue));
  }),
  COERCE_CONTRACT_ID: pure(1, (value) => value as LfValue),
  TEXT_TO_HEX: pure(1, (value) => Buffer.from(text(value as LfValue), 'utf8').toString('hex')),
  HEX_TO_TEXT: pure(1, (value) => Buffer.from(hexBytes(text(value as LfValue))).toString('utf8')),
};
