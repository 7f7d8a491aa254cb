import type { BenchLine } from './bench-line.ts';

const columns = [
  ['Benchmark', 'name'],
  ['Result', 'value'],
  ['Baseline', 'baseline'],
  ['Ratio', 'ratio'],
  ['Target', 'target'],
  ['Status', 'status'],
] as const;

/** A plain-text table that reads the same in a terminal, a CI log and a README. */
export function renderTable(lines: readonly BenchLine[]): string {
  const widths = columns.map(([title, key]) =>
    Math.max(title.length, ...lines.map((line) => line[key].length)),
  );
  const row = (cells: readonly string[]) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [
    row(columns.map(([title]) => title)),
    rule,
    ...lines.map((line) => row(columns.map(([, key]) => line[key]))),
  ].join('\n');
}
