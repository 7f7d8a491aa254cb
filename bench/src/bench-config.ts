/** A positive integer from the environment, so a quick or a thorough run needs no code change. */
export function envInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive integer, got ${raw}`);
  }
  return value;
}

/** Sizes of every benchmark; the defaults keep `npm run bench` under ~3 minutes on 2 cores. */
export function readBenchConfig() {
  return {
    engine: {
      memoryPairs: envInteger('BENCH_ENGINE_PAIRS', 20_000),
      filePairs: envInteger('BENCH_ENGINE_FILE_PAIRS', 5_000),
      concurrency: envInteger('BENCH_ENGINE_CONCURRENCY', 100),
    },
    http: {
      connections: envInteger('BENCH_HTTP_CONNECTIONS', 20),
      seconds: envInteger('BENCH_HTTP_SECONDS', 6),
      rounds: envInteger('BENCH_HTTP_ROUNDS', 3),
      warmupSeconds: envInteger('BENCH_HTTP_WARMUP_SECONDS', 2),
    },
    coldStart: { repeats: envInteger('BENCH_COLD_START_REPEATS', 5) },
    replay: {
      updates: envInteger('BENCH_REPLAY_UPDATES', 100_000),
      repeats: envInteger('BENCH_REPLAY_REPEATS', 3),
    },
    memory: { contracts: envInteger('BENCH_MEMORY_CONTRACTS', 50_000) },
  };
}

export type BenchConfig = ReturnType<typeof readBenchConfig>;
