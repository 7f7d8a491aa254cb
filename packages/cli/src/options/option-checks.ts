import { parseDuration } from '../duration.ts';

// The options' validators: each says how to write a good value, or null when the value is good.

export const oneOf =
  (...allowed: readonly string[]) =>
  (text: string): string | null => {
    if (allowed.includes(text)) return null;
    const last = allowed.at(-1);
    return allowed.length === 1
      ? `use ${last}`
      : `use ${allowed.slice(0, -1).join(', ')} or ${last}`;
  };

export const portNumber =
  (lowest: number) =>
  (text: string): string | null => {
    const port = Number(text);
    return /^\d+$/.test(text) && port >= lowest && port <= 65535
      ? null
      : `use a port number, ${lowest} to 65535`;
  };

export function duration(text: string): string | null {
  try {
    parseDuration(text);
    return null;
  } catch {
    return 'use e.g. 10m, 30s, 1500ms';
  }
}

export const positiveInteger = (text: string): string | null =>
  /^\d+$/.test(text) && Number(text) > 0 && Number.isSafeInteger(Number(text))
    ? null
    : 'use a whole number above 0';

export const numberBetween =
  (lowest: number, highest: number) =>
  (text: string): string | null => {
    const value = Number(text);
    return text.trim() !== '' && value >= lowest && value <= highest
      ? null
      : `use a number from ${lowest} to ${highest}`;
  };

export const logLevel = oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent');

/** `global,app1`: names of synchronizers, `global` among them (the global synchronizer). */
export function synchronizerList(list: string): string | null {
  const names = list.split(',').map((name) => name.trim());
  if (
    !names.includes('global') ||
    names.some((name) => !/^[a-zA-Z0-9][a-zA-Z0-9_-]*$/.test(name))
  ) {
    return 'use e.g. global,app1 (global is required)';
  }
  return new Set(names).size === names.length ? null : 'name each synchronizer once';
}
