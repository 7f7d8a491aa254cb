import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProcessSet, findFreePort, repoRoot } from './node-process.ts';
import { isBannerComplete, nodeArgs } from './pocketnet-process.ts';

// Every shell block of the README and docs/ runs, as written, against a started node (devnet,
// in memory), so that what they tell stays true. A block that cannot run here says so in a
// `<!-- doc-test: skip: <why> -->` line right above it.

type ShellBlock = { readonly line: number; readonly text: string };

const skipMarker = /^<!-- doc-test: skip: \S.* -->$/;
const fence = /^```(sh|bash|shell)\s*$/;

/** The page's shell blocks that run, and the ones that say why they do not. */
function shellBlocksOf(page: string): { run: ShellBlock[]; skipped: ShellBlock[] } {
  const lines = page.split('\n');
  const run: ShellBlock[] = [];
  const skipped: ShellBlock[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    if (!fence.test(lines[index] ?? '')) continue;
    const end = lines.findIndex((line, at) => at > index && line.startsWith('```'));
    if (end < 0) throw new Error(`an unclosed shell block at line ${index + 1}`);
    const block = { line: index + 1, text: lines.slice(index + 1, end).join('\n') };
    (skipMarker.test(lines[index - 1] ?? '') ? skipped : run).push(block);
    index = end;
  }
  return { run, skipped };
}

const pages = [
  'README.md',
  ...readdirSync(join(repoRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Runs `script` in bash from the repository's root; its exit code and output. */
function runBash(script: string, port: number): Promise<{ code: number | null; output: string }> {
  // Pasted on a machine where `npm start` serves 7575; here the node has a free port.
  const onPort = script.replaceAll(':7575', `:${port}`);
  const child = spawn('bash', ['-c', `set -euo pipefail\n${onPort}`], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}:${join(repoRoot, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  return new Promise((done) => child.once('close', (code) => done({ code, output })));
}

describe('the shell blocks of the README and docs/', () => {
  const processes = createProcessSet();
  let port = 0;
  beforeAll(async () => {
    port = await findFreePort();
    const node = processes.spawn(
      process.execPath,
      nodeArgs(['start', '--ephemeral', '--port', String(port)]),
      {},
    );
    await node.waitForOutput(isBannerComplete);
  });
  afterAll(() => processes.stopAll());

  it('finds blocks to run, and none unclosed or unmarked', () => {
    const blocks = pages.map((page) => shellBlocksOf(readFileSync(join(repoRoot, page), 'utf8')));
    expect(blocks.flatMap((page) => page.run).length).toBeGreaterThan(10);
  });

  // One page at a time, its blocks in order in one shell (a later block uses an earlier one's
  // variables), all on one node: the names the pages allocate are their own.
  it.each(pages)('%s', async (page) => {
    const { run } = shellBlocksOf(readFileSync(join(repoRoot, page), 'utf8'));
    const script = run
      .map((block) => `echo '--- ${page}:${block.line}' >&2\n${block.text}`)
      .join('\n');
    const result = await runBash(script, port);
    expect(result.code, result.output).toBe(0);
  });

  it('the README is at most 150 lines and names every place the node serves', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    for (const path of [
      '/wallet',
      '/inspect',
      '/graphql',
      '/v2/',
      '/api/scan/',
      '/api/validator/',
      '/api/devnet/v0/',
      '/api/inspect/v0/',
      '/api/automations/v0/',
      '/livez',
      '/readyz',
    ]) {
      expect(readme, path).toContain(`7575${path}`.replace('7575/readyz', '/readyz'));
    }
  });
});
