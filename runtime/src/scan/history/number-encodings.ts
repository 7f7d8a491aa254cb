// Scan's history sections keep a number or two per update of the whole history; these keep
// that JSON small (issue 23's state file is parsed whole before a load).

/**
 * Increasing integers as runs of consecutive ones, `[first, count, first, count, …]`: a
 * history's offsets are mostly consecutive, so a bare ledger's 100k offsets are a few runs.
 */
export function encodeRuns(values: readonly number[]): number[] {
  const runs: number[] = [];
  let first = 0;
  let count = 0;
  for (const value of values) {
    if (count > 0 && value === first + count) {
      count += 1;
      continue;
    }
    if (count > 0) runs.push(first, count);
    first = value;
    count = 1;
  }
  if (count > 0) runs.push(first, count);
  return runs;
}

export function decodeRuns(runs: readonly number[]): number[] {
  const values: number[] = [];
  for (let at = 0; at + 1 < runs.length; at += 2) {
    const first = runs[at] ?? 0;
    const count = runs[at + 1] ?? 0;
    for (let index = 0; index < count; index++) values.push(first + index);
  }
  return values;
}

/** Sorted numbers as their differences, the first from zero: short numbers in the JSON. */
export function encodeDeltas(values: ArrayLike<number>): number[] {
  const deltas = new Array<number>(values.length);
  let previous = 0;
  for (let index = 0; index < values.length; index++) {
    const value = values[index] ?? 0;
    deltas[index] = value - previous;
    previous = value;
  }
  return deltas;
}

export function decodeDeltas(deltas: readonly number[]): number[] {
  const values = new Array<number>(deltas.length);
  let previous = 0;
  for (let index = 0; index < deltas.length; index++) {
    previous += deltas[index] ?? 0;
    values[index] = previous;
  }
  return values;
}
