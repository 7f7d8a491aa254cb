import { open } from 'node:fs/promises';
import { sectionsShapeVersion } from './sections-shape.ts';
import {
  createStateHistory,
  StateFileError,
  type StateHistory,
  sharedBytesOf,
} from './state-history.ts';

/** The first line of a state file names its format, so that another file is refused plainly. */
export const stateFormat = 'pocketnet-state/2';
/** Issue 23's first format: the header and the journal's records, loaded by a replay. */
const replayedFormat = 'pocketnet-state/1';

/** The first line of a state file (`GET /api/devnet/v0/state`, `--dump-state`). */
export type StateHeader = {
  readonly format: typeof stateFormat | typeof replayedFormat;
  /** The devnet's `--seed` (null: a bare ledger): the ids throughout derive from it. */
  readonly seed: string | null;
  readonly participantId: string;
  readonly synchronizerId: string;
  /** The node's time when the state was taken, readable and in microseconds. */
  readonly time: string;
  readonly clockMicros: string;
  /** How many journal records follow the sections, one a line. */
  readonly records: number;
  /** How many state sections follow the header, one a line (none in format 1). */
  readonly sections?: number;
  /** The version of the sections' shapes (sections-shape.ts) the file was saved with. */
  readonly sectionsShape?: number;
};

/** A state section's line: a holder's state, as its `save()` gave it. */
export type StateSectionLine = { readonly section: string; readonly state: unknown };

export type LoadedState = {
  readonly header: StateHeader;
  readonly clockMicros: bigint;
  /**
   * Each state holder's saved state, by section name: a node restores its holders from them
   * instead of replaying the history. Null for a format 1 file, and for sections saved in
   * shapes of another version: the history is replayed.
   */
  readonly sections: Readonly<Record<string, unknown>> | null;
  /** Why the sections cannot be restored, when the file has some (another version's). */
  readonly replayReason: string | null;
  /** The journal's records, decoded one by one as they are asked for. */
  readonly history: StateHistory;
  /** Where parsing spent its time: finding the lines, and parsing the header and sections. */
  readonly took: { readonly indexMs: number; readonly sectionsMs: number };
};

const newline = 0x0a;

/**
 * Reads a state file: JSON lines, its header, its state sections and then one journal record a
 * line. Only the header and sections are parsed; each record is decoded when it is first asked
 * for. A file that is not one, or was cut short, is refused with the line at fault.
 */
export function parseStateFile(text: string | Uint8Array): LoadedState {
  return parseStateBytes(sharedBytesOf(endedText(text)));
}

/** `parseStateFile` of the file at `path`, read straight into shared memory. */
export async function readStateFile(path: string): Promise<LoadedState> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    // One byte more, for a newline after a last line that has none.
    const bytes = Buffer.from(new SharedArrayBuffer(size + 1));
    for (let at = 0; at < size; ) {
      const { bytesRead } = await file.read(bytes, at, size - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    const ended = size > 0 && bytes[size - 1] === newline;
    if (!ended) bytes[size] = newline;
    return parseStateBytes(bytes.subarray(0, ended ? size : size + 1));
  } finally {
    await file.close();
  }
}

/** The text with a newline after its last line, as a dump writes it. */
function endedText(text: string | Uint8Array): string | Uint8Array {
  if (typeof text === 'string') return text.endsWith('\n') ? text : `${text}\n`;
  return text.at(-1) === newline ? text : Buffer.concat([text, Buffer.of(newline)]);
}

/**
 * Where each non-empty line starts and its line number, and after them where a line after the
 * last non-empty one would start.
 */
function lineStarts(bytes: Buffer): { starts: Float64Array; lineNumbers: number[] } {
  const starts: number[] = [];
  const lineNumbers: number[] = [];
  let line = 1;
  let after = 0;
  for (let at = 0; at < bytes.length; line += 1) {
    const end = bytes.indexOf(newline, at);
    if (end > at) {
      starts.push(at);
      lineNumbers.push(line);
      after = end + 1;
    }
    at = end + 1;
  }
  starts.push(after);
  return { starts: Float64Array.from(starts), lineNumbers };
}

function parseLine(bytes: Buffer, starts: Float64Array, index: number, line: number): unknown {
  try {
    return JSON.parse(bytes.toString('utf8', starts[index], (starts[index + 1] as number) - 1));
  } catch {
    throw new StateFileError(`line ${line} is not JSON`);
  }
}

function checkedHeader(header: Partial<StateHeader>, lines: number): StateHeader {
  if (header.format !== stateFormat && header.format !== replayedFormat) {
    throw new StateFileError(
      `not a pocketnet state file (its first line has no "format": "${stateFormat}")`,
    );
  }
  if (typeof header.clockMicros !== 'string' || !/^\d+$/.test(header.clockMicros)) {
    throw new StateFileError('its header has no clockMicros');
  }
  const sections = header.format === stateFormat ? header.sections : 0;
  if (!Number.isInteger(sections) || !Number.isInteger(header.records)) {
    throw new StateFileError('its header does not say how many sections and records follow');
  }
  const announced = (sections as number) + (header.records as number);
  if (announced !== lines - 1) {
    throw new StateFileError(
      `its header announces ${announced} sections and records but ${lines - 1} follow: the file is incomplete`,
    );
  }
  return header as StateHeader;
}

/** The sections' lines, by name, in file order. */
function parsedSections(
  bytes: Buffer,
  starts: Float64Array,
  lineNumbers: readonly number[],
  count: number,
) {
  const sections: Record<string, unknown> = {};
  for (let index = 1; index <= count; index += 1) {
    const line = lineNumbers[index] as number;
    const parsed = parseLine(bytes, starts, index, line) as Partial<StateSectionLine> | null;
    if (typeof parsed?.section !== 'string' || !Object.hasOwn(parsed, 'state')) {
      throw new StateFileError(`line ${line} is not a state section`);
    }
    if (Object.hasOwn(sections, parsed.section)) {
      throw new StateFileError(`line ${line} repeats the state section ${parsed.section}`);
    }
    sections[parsed.section] = parsed.state;
  }
  return sections;
}

/** Records are JSON objects: a line that does not end as one was cut short. */
function checkRecordLines(
  bytes: Buffer,
  starts: Float64Array,
  lineNumbers: readonly number[],
  first: number,
): void {
  for (let index = first; index < starts.length - 1; index += 1) {
    const start = starts[index] as number;
    const last = (starts[index + 1] as number) - 2;
    if (bytes[start] !== 0x7b || bytes[last] !== 0x7d) {
      throw new StateFileError(
        `line ${lineNumbers[index]} is not a whole journal record: the file is incomplete or damaged`,
      );
    }
  }
}

/** The sections, when this build restores them as they were saved. */
function restorable(header: StateHeader, sections: Record<string, unknown>) {
  if (header.format !== stateFormat) return { sections: null, replayReason: null };
  if (header.sectionsShape === sectionsShapeVersion) return { sections, replayReason: null };
  return {
    sections: null,
    replayReason: `its sections are saved in shapes of version ${header.sectionsShape ?? 'none'}, this node's are of version ${sectionsShapeVersion}`,
  };
}

/** `bytes` (shared memory) ends with a newline. */
function parseStateBytes(bytes: Buffer): LoadedState {
  const indexedAt = performance.now();
  const { starts, lineNumbers } = lineStarts(bytes);
  const lines = starts.length - 1;
  const indexMs = performance.now() - indexedAt;
  const parsedAt = performance.now();
  if (lines === 0) throw new StateFileError('not a pocketnet state file (it is empty)');
  const header = checkedHeader(parseLine(bytes, starts, 0, 1) as Partial<StateHeader>, lines);
  const sectionCount = header.sections ?? 0;
  const sections = parsedSections(bytes, starts, lineNumbers, sectionCount);
  const sectionsMs = performance.now() - parsedAt;
  const first = 1 + sectionCount;
  const firstLine = lineNumbers[first] ?? lines + 1;
  // The records must be the lines they are counted as: no empty line among them.
  if (lineNumbers.length > first && lineNumbers.at(-1) !== firstLine + header.records - 1) {
    throw new StateFileError('its journal records are broken by empty lines');
  }
  checkRecordLines(bytes, starts, lineNumbers, first);
  const recordStarts = starts.subarray(first);
  return {
    header,
    clockMicros: BigInt(header.clockMicros),
    ...restorable(header, sections),
    history: createStateHistory(bytes, recordStarts, firstLine),
    took: { indexMs, sectionsMs },
  };
}
