import type { BenchLine } from './bench-line.ts';
import { readRedisJournalConfig, runRedisJournal } from './redis-journal.bench.ts';
import { renderTable } from './report-table.ts';
import { readScaleOutConfig, runScaleOutSubmit } from './scale-out-submit.bench.ts';

// The scale-out benchmarks (issue 12), also in `npm run bench` (`BENCH_ONLY=scale-out`):
// `node --conditions=development bench/src/scale-out-bench.main.ts`
// with the test Redis on REDIS_URL (default 127.0.0.1:6379).

const lines: BenchLine[] = [];
const notes: string[] = [];
for (const run of [
  () => runRedisJournal(readRedisJournalConfig()),
  () => runScaleOutSubmit(readScaleOutConfig()),
]) {
  const result = await run();
  lines.push(...result.lines);
  notes.push(...result.notes);
}
console.log(renderTable(lines));
console.log(`\n${notes.join('\n')}`);
