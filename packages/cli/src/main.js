#!/usr/bin/env node
// @ts-check
// JavaScript, not TypeScript: the entry is read before the compile cache is on, and a .ts entry
// would load Node's type stripper (its WebAssembly, ~40 ms and ~16 MB resident) on every start,
// for this one file.
import nodeModule from 'node:module';
import { pathToFileURL } from 'node:url';

// The sources are TypeScript run by Node's type stripping (Node ≥ 22.18); `npm start` and
// `npm run pocketnet` use the Node 24 the project installs. Another Node gets one line, not a
// stack trace from deep in an import.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(
    `pocketnet needs Node 24 (this is ${process.version}): run it with npm start or npm run pocketnet, which use the Node the project installs\n`,
  );
  process.exit(2);
}
const { constants, enableCompileCache } = nodeModule;

// Most of a cold start is compiling the modules; Node's on-disk cache makes every later start
// skip that (the stripping of the TypeScript too). It must be on before the rest is imported,
// hence the dynamic import.
const cache = enableCompileCache();
// A cache turned on from code is this thread's only: worker threads (the journal's writer) and
// child processes read the variable, and without it would strip their TypeScript afresh.
if (cache.status === constants.compileCacheStatus.ENABLED && cache.directory !== undefined) {
  process.env.NODE_COMPILE_CACHE = cache.directory;
}
const { runCli } = await import(await startModule());

/**
 * The bundle of our sources when it is theirs as they are now, built first when it is missing or
 * stale (about a second, once); the sources themselves if it cannot be built, or when
 * POCKETNET_START_FROM_SOURCES=1 asks (benchmarks compare the two).
 * @returns {Promise<string>}
 */
async function startModule() {
  if (process.env.POCKETNET_START_FROM_SOURCES === '1') return './run-cli.ts';
  const { freshStartBundle } = await import('./start-bundle/start-bundle-files.js');
  const fresh = freshStartBundle();
  if (fresh !== undefined) return pathToFileURL(fresh).href;
  try {
    const { buildStartBundle } = await import('./start-bundle/build-start-bundle.js');
    return pathToFileURL(await buildStartBundle()).href;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    process.stderr.write(
      `pocketnet: running from the sources; the start's bundle did not build: ${reason}\n`,
    );
    return './run-cli.ts';
  }
}

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
});
if (code !== 0) {
  // Leave by the event loop's end, not process.exit: exiting while V8's background compilers
  // are mid-job can deadlock Node's platform shutdown (a worker waits for a main-thread GC while
  // the main thread joins the workers; nodejs/node#54918). Seen as `pocketnet test` hanging after
  // its summary in about one run in twenty under load. The loop's end drains those jobs first.
  process.exitCode = code;
  // A refused start may have opened things (a Redis connection, a timer) that keep the loop
  // alive: its one line is written (synchronously, to a file, pipe or terminal), so go then.
  setTimeout(() => process.exit(code), 1000).unref();
}
