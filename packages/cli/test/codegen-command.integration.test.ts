import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInProcess } from './cli-in-process.ts';
import { createTempDir, repoRoot } from './node-process.ts';

// `pocketnet codegen --dar`: the TypeScript of a real Splice DAR, and one-line refusals.

const wallet = join(repoRoot, '../shared/dars/splice-wallet-0.1.21.dar');
let scratch: Awaited<ReturnType<typeof createTempDir>>;
beforeAll(async () => {
  scratch = await createTempDir('codegen');
});
afterAll(() => scratch.remove());

const run = runInProcess;

it("writes the TypeScript of splice-wallet's templates and choices", async () => {
  const out = join(scratch.path, 'splice-wallet.ts');
  expect(await run('codegen', '--dar', wallet, '--out', out)).toEqual({
    code: 0,
    stdout: '',
    stderr: '',
  });
  const code = readFileSync(out, 'utf8');
  expect(code).toContain(
    '"Splice.Wallet.Install:WalletAppInstall": { kind: "template", id: "f799a58fa53dfe48bae52bd5dbcc2b578a7d4dfee3ae3f4eb7635fe9a8cc67d3:Splice.Wallet.Install:WalletAppInstall"',
  );
  expect(code).toMatch(/WalletAppInstall_ExecuteBatch: \{\s+readonly argument: splice_wallet\./);
});

it('refuses a file that is no DAR, or none given, in one line', async () => {
  const bogus = join(scratch.path, 'bogus.dar');
  writeFileSync(bogus, 'not a zip');
  const refused = await run('codegen', '--dar', bogus);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toMatch(/^pocketnet codegen: \S+bogus\.dar: .+\n$/);
  expect((await run('codegen')).stderr).toBe('pocketnet codegen: needs --dar <file.dar>\n');
  expect((await run('codegen', '--help')).stdout).toMatch(/^pocketnet codegen: write TypeScript/);
});
