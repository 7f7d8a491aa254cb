import { createStringPool, decodeRecordJson, type JournalRecord } from '@pocketnet/ledger';

/** The first line of a state file names its format, so that another file is refused plainly. */
export const stateFormat = 'pocketnet-state/1';

/** The first line of a state file (`GET /api/devnet/v0/state`, `--dump-state`). */
export type StateHeader = {
  readonly format: typeof stateFormat;
  /** The devnet's `--seed` (null: a bare ledger): the ids throughout derive from it. */
  readonly seed: string | null;
  readonly participantId: string;
  readonly synchronizerId: string;
  /** The node's time when the state was taken, readable and in microseconds. */
  readonly time: string;
  readonly clockMicros: string;
  /** How many journal records follow, one a line. */
  readonly records: number;
};

export type LoadedState = {
  readonly header: StateHeader;
  readonly clockMicros: bigint;
  readonly records: readonly JournalRecord[];
  /**
   * Each record's line, once: the journal is filled with them as they are (they are the JSON
   * it stores), and then they are let go, so that the text is not held beside the records.
   */
  takeLines(): readonly string[];
};

export class StateFileError extends Error {
  override readonly name = 'StateFileError';
}

/**
 * Reads a state file: JSON lines, its header and then one journal record a line. A file that
 * is not one, or was cut short, is refused with the line at fault.
 */
export function parseStateFile(text: string): LoadedState {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const parse = (line: string, index: number): unknown => {
    try {
      return JSON.parse(line);
    } catch {
      throw new StateFileError(`line ${index + 1} is not JSON`);
    }
  };
  const header = parse(lines[0] ?? '{}', 0) as Partial<StateHeader>;
  if (header.format !== stateFormat) {
    throw new StateFileError(
      `not a pocketnet state file (its first line has no "format": "${stateFormat}")`,
    );
  }
  if (typeof header.clockMicros !== 'string' || !/^\d+$/.test(header.clockMicros)) {
    throw new StateFileError('its header has no clockMicros');
  }
  if (header.records !== lines.length - 1) {
    throw new StateFileError(
      `its header announces ${header.records} records but ${lines.length - 1} follow: the file is incomplete`,
    );
  }
  const pool = createStringPool();
  let recordLines: string[] | null = lines.slice(1);
  const records = recordLines.map((line, index) => {
    let record: JournalRecord;
    try {
      record = decodeRecordJson(line, pool);
    } catch {
      throw new StateFileError(`line ${index + 2} is not JSON`);
    }
    if (typeof record !== 'object' || record === null || typeof record.type !== 'string') {
      throw new StateFileError(`line ${index + 2} is not a journal record`);
    }
    return record;
  });
  return {
    header: header as StateHeader,
    clockMicros: BigInt(header.clockMicros),
    records,
    takeLines() {
      if (!recordLines) throw new Error("the state's lines were taken already");
      const taken = recordLines;
      recordLines = null;
      return taken;
    },
  };
}
