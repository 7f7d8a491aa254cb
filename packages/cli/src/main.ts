#!/usr/bin/env node
import { enableCompileCache } from 'node:module';

// Most of a cold start is compiling ~700 modules; Node's on-disk cache makes every later start
// skip that. It must be on before the rest is imported, hence the dynamic import.
enableCompileCache();
const { runCli } = await import('./run-cli.ts');

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
});
