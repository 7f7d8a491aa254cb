import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliMain, createProcessSet, createTempDir, findFreePort } from './node-process.ts';
import { isBannerComplete } from './pocketnet-process.ts';

// What a start has no use for until a request (or an option) asks for it: each is loaded on
// first use, so that a start does not pay for it (issue 24). A static import of one of them
// anywhere on the start's path puts it back.
const loadedOnFirstUse = [
  'graphql', // GraphQL and GraphiQL: built on the first request to /graphql
  'graphql-yoga',
  'yaml', // --fixture and YAML configs
  'protobufjs', // reading or writing a DALF; interactive submissions' .proto
  'bullmq', // scale-out, with REDIS_URL
  'ioredis',
];

describe('a start loads lazily what it does not use', () => {
  const processes = createProcessSet();
  afterEach(() => processes.stopAll());

  it('serves `start --ephemeral` without loading GraphQL, yaml, protobufjs or Redis clients', async () => {
    const dir = await createTempDir('loads');
    const file = join(dir.path, 'packages.txt');
    const port = await findFreePort();
    const hook = join(import.meta.dirname, 'loaded-packages.hook.ts');
    // The child inherits the variable that names the hook's file.
    process.env.LOADED_PACKAGES_FILE = file;
    const node = processes.spawn(
      process.execPath,
      ['--import', hook, cliMain, 'start', '--ephemeral', '--port', String(port)],
      {},
    );
    delete process.env.LOADED_PACKAGES_FILE;
    await node.waitForOutput(isBannerComplete);
    const loaded = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
    await node.stop('SIGTERM');
    await dir.remove();

    // The hook sees what the start does load (rxjs and zod are in the start's bundle).
    expect(loaded).toEqual(expect.arrayContaining(['express', 'pino', 'ws']));
    expect(loaded.filter((name) => loadedOnFirstUse.includes(name))).toEqual([]);
  });
});
