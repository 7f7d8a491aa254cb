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
// A refused start may have opened things (a Redis connection, a timer) that would keep the
// process alive: its one line is written (synchronously, to a file, pipe or terminal), so go.
if (code !== 0) process.exit(code);
