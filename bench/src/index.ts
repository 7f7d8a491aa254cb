export type { BenchConfig } from './bench-config.ts';
export { readBenchConfig } from './bench-config.ts';
export type { BenchLine, BenchResult } from './bench-line.ts';
export { runColdStart } from './cold-start.bench.ts';
export { runEngineThroughput } from './engine-throughput.bench.ts';
export { runHttpSubmit } from './http-submit.bench.ts';
export { runMemoryPerContract } from './memory-per-contract.bench.ts';
export { runReplay } from './replay.bench.ts';
export { renderTable } from './report-table.ts';
