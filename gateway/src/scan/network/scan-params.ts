import { DomainError } from '@pocketnet/ledger';
import type { Request } from 'express';
import { requireParty } from '../../http/party-id.ts';

const invalid = (message: string) => new DomainError('INVALID_ARGUMENT', message);

const int64Pattern = /^-?\d{1,19}$/;
const int64Range = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/** An int64 from a path or query parameter, or 400. */
export function int64Of(value: unknown, name: string): bigint {
  if (typeof value !== 'string' || !int64Pattern.test(value)) {
    throw invalid(`${name} must be an int64, not ${JSON.stringify(value ?? null)}`);
  }
  const parsed = BigInt(value);
  if (parsed < int64Range.min || parsed > int64Range.max) {
    throw invalid(`${name} is out of the int64 range: ${value}`);
  }
  return parsed;
}

/** An optional integer query parameter, as a JS number (page sizes and tokens), or 400. */
export function optionalIntOf(value: unknown, name: string): number | null {
  if (value === undefined) return null;
  return Number(int64Of(value, name));
}

/** A required string query parameter, or 400. */
export function requiredQueryOf(request: Request, name: string): string {
  const value = request.query[name];
  if (typeof value !== 'string' || value === '') {
    throw invalid(`Query parameter ${name} is required`);
  }
  return value;
}

/** A query parameter given once or repeated, as a list of strings. */
export function listQueryOf(request: Request, name: string): string[] {
  const value = request.query[name];
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.filter((item): item is string => typeof item === 'string' && item !== '');
}

/** A path parameter (Express 5 types them loosely). */
export const pathOf = (request: Request, name: string): string => String(request.params[name]);

/** A party id from a path parameter, or 400 as Splice answers one it cannot decode. */
export function partyPathOf(request: Request, name: string): string {
  return requireParty(pathOf(request, name));
}

/** A required party id query parameter, or 400. */
export function partyQueryOf(request: Request, name: string): string {
  return requireParty(requiredQueryOf(request, name));
}

/** An int64 rendered as a JSON number, as Scan's `format: int64` fields are. */
export const int64Json = (value: bigint): number => Number(value);
