#!/usr/bin/env node
import { enableCompileCache } from 'node:module';

// Most of a cold start is compiling the modules; Node's on-disk cache makes every later start
// skip that. It must be on before the rest is imported, hence the dynamic import.
enableCompileCache();
const { runCli } = await import('./run-cli.ts');

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
