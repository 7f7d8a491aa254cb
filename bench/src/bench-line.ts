/** One row of the summary: a figure, what it is compared with, and whether it met its target. */
export type BenchLine = {
  readonly name: string;
  readonly value: string;
  readonly baseline: string;
  readonly ratio: string;
  readonly target: string;
  readonly status: 'PASS' | 'MISS' | 'INFO';
};

/** What a benchmark hands back: its rows, and notes that explain them (diagnoses, sizes). */
export type BenchResult = {
  readonly lines: readonly BenchLine[];
  readonly notes: readonly string[];
};

export const statusOf = (passed: boolean): BenchLine['status'] => (passed ? 'PASS' : 'MISS');

export function infoLine(name: string, value: string): BenchLine {
  return { name, value, baseline: '', ratio: '', target: 'info', status: 'INFO' };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

export const formatCount = (value: number): string => Math.round(value).toLocaleString('en-US');

export const formatMs = (value: number): string =>
  `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;

export const formatBytes = (value: number): string =>
  `${Math.round(value).toLocaleString('en-US')} B`;

export const formatRatio = (value: number): string => `${value.toFixed(2)}×`;
