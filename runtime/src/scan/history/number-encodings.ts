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

/**
 * Increasing positive numbers as their differences, the first from zero, and a run of `n`
 * differences of 1 as `-n`: record times a microsecond apart (a simulated clock's, or the
 * wall clock's within a millisecond) and keys of neighbouring nodes cost one short number a run.
 */
// Pushed rather than written into `new Array(length)`, whose holes make a cold restore of
// 100k numbers several times slower.
export function encodeDeltas(values: ArrayLike<number>): number[] {
  const deltas: number[] = [];
  let previous = 0;
  for (let index = 0; index < values.length; index++) {
    const value = values[index] ?? 0;
    const delta = value - previous;
    const last = deltas.length - 1;
    if (delta === 1 && deltas[last] === 1) deltas[last] = -2;
    else if (delta === 1 && (deltas[last] ?? 0) < 0) deltas[last] = (deltas[last] ?? 0) - 1;
    else deltas.push(delta);
    previous = value;
  }
  return deltas;
}

export function decodeDeltas(deltas: readonly number[]): number[] {
  const values: number[] = [];
  let previous = 0;
  for (const delta of deltas) {
    if (delta > 0) {
      previous += delta;
      values.push(previous);
      continue;
    }
    for (let ones = -delta; ones > 0; ones--) values.push(++previous);
  }
  return values;
}
