import type { Value } from '@pocketnet/ledger';

// Results and payloads of amulet-core choices and templates arrive as untyped Values (we name
// those templates by reference). These readers pick the fields we rely on and fail loudly,
// as a bug, when the shape is not the one Splice defines.

type Fields = { readonly [field: string]: Value };

function isFields(value: Value | undefined): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readRecord(value: Value | undefined, what: string): Fields {
  if (!isFields(value)) throw new Error(`expected ${what} to be a record`);
  return value;
}

export function readField(value: Value | undefined, path: readonly string[]): Value {
  let current: Value | undefined = value;
  for (const name of path) current = readRecord(current, path.join('.'))[name];
  if (current === undefined) throw new Error(`missing field ${path.join('.')}`);
  return current;
}

export function readText(value: Value | undefined, path: readonly string[]): string {
  const text = readField(value, path);
  if (typeof text !== 'string') throw new Error(`expected ${path.join('.')} to be text`);
  return text;
}

export function readOptionalText(value: Value | undefined, path: readonly string[]): string | null {
  const text = readField(value, path);
  if (text === null) return null;
  if (typeof text !== 'string') throw new Error(`expected ${path.join('.')} to be optional text`);
  return text;
}
