import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { generateTypeScript } from '../src/codegen/generate-typescript.ts';
import { decodeEnvelope, readDar } from '../src/index.ts';
import { readSharedDar } from './shared-dars.ts';

// TypeScript generated from Splice's real packages (issue 21's one vocabulary): the template
// ids, payloads and choices of splice-amulet 0.1.20 and the token standard's Holding interface,
// checked by the TypeScript compiler, which refuses a wrong field as it would after a rename.

const tsc = fileURLToPath(new URL('../../../node_modules/.bin/tsc', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'pocketnet-codegen-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function generated(darName: string): string {
  const dar = readDar(readSharedDar(darName));
  const packages = dar.archives.map((archive) => decodeEnvelope(archive));
  const [main] = packages;
  if (!main) throw new Error(`${darName} has no main package`);
  return generateTypeScript(main, packages);
}

/** The compiler's complaints about `usage` next to the generated module (none: ''). */
function compile(module: string, usage: string): string {
  writeFileSync(join(folder, 'generated.ts'), module);
  writeFileSync(join(folder, 'usage.ts'), usage);
  const args = ['--noEmit', '--strict', '--allowImportingTsExtensions', '--target', 'es2022'];
  args.push('--module', 'nodenext');
  try {
    execFileSync(tsc, [...args, join(folder, 'usage.ts')], { cwd: folder, encoding: 'utf8' });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout);
  }
}

const amulet = generated('splice-amulet-0.1.20.dar');

const transferUsage = (field: string) => `
import { templates, type Templates } from './generated.ts';
type Transfer = Templates['Splice.AmuletRules:AmuletRules']['choices']['AmuletRules_Transfer'];
export const id: '23f47481dab6b1ec01339d6e14494d85bb2844c25f45b26fc5c9ef4cd4942d1f:Splice.AmuletRules:AmuletRules' =
  templates['Splice.AmuletRules:AmuletRules'].id;
export const argument: Transfer['argument'] = {
  transfer: {
    sender: 'alice', provider: 'alice',
    inputs: [{ tag: 'InputAmulet', value: '00ab' }],
    outputs: [{ receiver: 'bob', receiverFeeRatio: '0.0', amount: '1.0', lock: null }],
    beneficiaries: null,
  },
  context: { openMiningRound: '00cd', issuingMiningRounds: [], validatorRights: [], featuredAppRight: null },
  ${field}: 'dso',
};
export const created = (result: Transfer['result']) => result.createdAmulets.length;
`;

it("types splice-amulet's templates, payloads and choices so that the compiler checks their use", () => {
  expect(amulet).toContain(
    '"Splice.AmuletRules:AmuletRules": { kind: "template", id: "23f47481dab6b1ec01339d6e14494d85bb2844c25f45b26fc5c9ef4cd4942d1f:Splice.AmuletRules:AmuletRules"',
  );
  expect(compile(amulet, transferUsage('expectedDso'))).toBe('');
  // The field as it would read after a rename: refused.
  expect(compile(amulet, transferUsage('expectedDsoParty'))).toMatch(
    /usage\.ts\(\d+,\d+\): error TS2561: .*'expectedDsoParty' does not exist in type 'AmuletRules_Transfer'/,
  );
});

it("types the token standard's Holding interface by its view", () => {
  const holding = generated('splice-api-token-holding-v1-1.0.0.dar');
  const usage = `
import { templates, type Templates } from './generated.ts';
export const id: '718a0f77e505a8de22f188bd4c87fe74101274e9d4cb1bfac7d09aec7158d35b:Splice.Api.Token.HoldingV1:Holding' =
  templates['Splice.Api.Token.HoldingV1:Holding'].id;
export const amount = (view: Templates['Splice.Api.Token.HoldingV1:Holding']['payload']): string =>
  view.amount + view.owner + view.instrumentId.admin;
`;
  expect(compile(holding, usage)).toBe('');
});
