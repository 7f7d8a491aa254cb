import type { Value } from '@pocketnet/ledger';
import type { ActorEventData, Step } from './ledger-events.ts';

// Reading the JSON values of created and exercised events: create arguments, choice arguments
// and exercise results. A missing or mistyped field reads as null (or '' / []), never throws:
// the mapping of ledger events must not stop the bus on an unexpected shape.

export function valueAt(value: Value, path: readonly string[]): Value {
  let current: Value = value;
  for (const name of path) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return null;
    current = (current as { readonly [field: string]: Value })[name] ?? null;
  }
  return current;
}

export function textAt(value: Value, ...path: string[]): string {
  const found = valueAt(value, path);
  return typeof found === 'string' ? found : '';
}

export function optionalTextAt(value: Value, ...path: string[]): string | null {
  const found = valueAt(value, path);
  return typeof found === 'string' ? found : null;
}

export function textsAt(value: Value, ...path: string[]): string[] {
  const found = valueAt(value, path);
  if (!Array.isArray(found)) return [];
  return found.filter((item): item is string => typeof item === 'string');
}

/** An actor event: its type, when and in which update it happened, and its data. */
export const actorEvent = (type: string, step: Step, data?: object): ActorEventData => {
  const event = { type, at: step.at, transactionId: step.transactionId };
  return data === undefined ? event : Object.assign(event, data);
};
