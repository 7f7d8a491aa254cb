// Builtin literals: 64-bit integers made exact bigints, interned texts and numerics resolved.
import { type BuiltinLit, failureCategories, roundingModes } from '../ast/builtins.ts';
import type { WireBuiltinLit, WireLong } from '../protobuf/wire-types.ts';
import type { DecodeContext } from './decode-context.ts';
import { corrupt } from './lf-decode-error.ts';

/** protobufjs gives 64-bit integers as Longs, whose decimal text is exact. */
export const toBigInt = (value: WireLong | undefined): bigint => BigInt(String(value ?? 0));

export function decodeBuiltinLit(ctx: DecodeContext, wire: WireBuiltinLit): BuiltinLit {
  switch (wire.Sum) {
    case 'int64':
      return { tag: 'int64', value: toBigInt(wire.int64) };
    case 'timestamp':
      return { tag: 'timestamp', value: toBigInt(wire.timestamp) };
    case 'numericInternedStr':
      return { tag: 'numeric', value: ctx.str(wire.numericInternedStr) };
    case 'textInternedStr':
      return { tag: 'text', value: ctx.str(wire.textInternedStr) };
    case 'date':
      return { tag: 'date', value: wire.date ?? 0 };
    case 'failureCategory':
      return {
        tag: 'failureCategory',
        value: failureCategories[wire.failureCategory ?? 0] ?? corrupt('unknown failure category'),
      };
    case 'roundingMode':
      return {
        tag: 'roundingMode',
        value: roundingModes[wire.roundingMode ?? 0] ?? corrupt('unknown rounding mode'),
      };
    default:
      return corrupt(`unknown literal form ${wire.Sum}`);
  }
}
