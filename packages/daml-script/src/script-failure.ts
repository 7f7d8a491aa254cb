import type { LfValue } from '@pocketnet/daml-lf';
import { fieldsOf, listOf, text } from './script-values.ts';

/** Where a script was when it failed: the innermost call with a source location. */
export type ScriptLocation = {
  readonly definition: string;
  readonly module: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
};

/**
 * A script's failure: a Daml exception or error, a submission the ledger refused (or one that
 * was to fail and did not), or a command the runner cannot answer.
 */
export class ScriptFailure extends Error {
  override readonly name = 'ScriptFailure';
  readonly location: ScriptLocation | null;
  /** The question that failed, e.g. `Submit`. */
  readonly command: string | null;
  constructor(
    message: string,
    command: string | null,
    location: ScriptLocation | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.command = command;
    this.location = location;
  }
}

/** A submit with MustSucceed the ledger refused: what `tryCommands` can turn into a value. */
export class FailedCommand extends Error {
  override readonly name = 'FailedCommand';
  readonly command: string;
  readonly errorClass: string;
  constructor(command: string, errorClass: string, message: string) {
    super(message);
    this.command = command;
    this.errorClass = errorClass;
  }
}

export type Question = {
  readonly name: string;
  readonly payload: LfValue;
  readonly locations: LfValue;
  readonly continuation: LfValue;
};

export function locationOf(locations: LfValue): ScriptLocation | null {
  const [innermost] = listOf(locations);
  if (innermost === undefined) return null;
  const [definition, srcLoc] = fieldsOf(innermost, 'a location') as [LfValue, LfValue];
  const fields = fieldsOf(srcLoc, 'SrcLoc');
  return {
    definition: text(definition, 'a definition name'),
    module: text(fields[1] as LfValue, 'srcLocModule'),
    file: text(fields[2] as LfValue, 'srcLocFile'),
    line: Number(fields[3] as bigint) + 1,
    column: Number(fields[4] as bigint) + 1,
  };
}
