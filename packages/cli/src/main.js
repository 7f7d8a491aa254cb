#!/usr/bin/env node
// @ts-check
// JavaScript, not TypeScript: the entry is read before the compile cache is on, and a .ts entry
// would load Node's type stripper (its WebAssembly, ~40 ms and ~16 MB resident) on every start,
// for this one file.
import { constants, enableCompileCache } from 'node:module';

// Most of a cold start is compiling the modules; Node's on-disk cache makes every later start
// skip that (the stripping of the TypeScript too). It must be on before the rest is imported,
// hence the dynamic import.
const cache = enableCompileCache();
// A cache turned on from code is this thread's only: worker threads (the journal's writer) and
// child processes read the variable, and without it would strip their TypeScript afresh.
if (cache.status === constants.compileCacheStatus.ENABLED && cache.directory !== undefined) {
  process.env.NODE_COMPILE_CACHE = cache.directory;
}
const { runCli } = await import('./run-cli.ts');

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
});
// A refused start may have opened things (a Redis connection, a timer) that would keep the
// process alive: its one line is written (synchronously, to a file, pipe or terminal), so go.
if (code !== 0) process.exit(code);
