import type { ScriptLocation } from '@pocketnet/daml-script';

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');

export const formatLocation = (location: ScriptLocation) =>
  `${location.definition} (${location.file}:${location.line}:${location.column}, module ${location.module})`;

/** A failed script's message and where it failed, indented under its name. */
export function describeFailure(failure: {
  readonly message: string;
  readonly location: ScriptLocation | null;
}): string {
  const where = failure.location ? `\n  at ${formatLocation(failure.location)}` : '';
  return `${indent(failure.message)}${where}\n`;
}
