import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { amulet } from '../amulet/templates/amulet.ts';
import { featuredAppRight } from '../amulet/templates/featured-app.ts';
import { holdingInterface } from '../token-standard/holding-v1.ts';
import { spliceAmulet, spliceApiTokenHoldingV1 } from './splice-vocabulary.generated.ts';
import { tiedInterfaceToSplice, tiedToSplice } from './tied-to-splice.ts';

const run = promisify(execFile);
const spliceRoot = resolve(import.meta.dirname, '../..');
const repositoryRoot = resolve(spliceRoot, '../..');
const generatedPath = join('src', 'vocabulary', 'splice-vocabulary.generated.ts');

/** Replaces `from` by `to` in a file of the copy, failing when `from` is not there once. */
function plant(root: string, from: string, to: string): void {
  const path = join(root, generatedPath);
  const text = readFileSync(path, 'utf8');
  expect(text.split(from).length - 1, from).toBe(1);
  writeFileSync(path, text.replace(from, to));
}

/** Our Splice's sources compiled against a vocabulary with Splice's names changed. */
async function compileWithRenames(plants: readonly (readonly [string, string])[]) {
  // A sibling of packages/splice, so the copy resolves workspaces and tsconfig.base as it does.
  const root = mkdtempSync(join(spliceRoot, '..', '.splice-rename-check-'));
  try {
    cpSync(join(spliceRoot, 'src'), join(root, 'src'), { recursive: true });
    writeFileSync(
      join(root, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../tsconfig.base.json',
        include: ['src'],
        exclude: ['src/**/*.test.ts'],
      }),
    );
    for (const [from, to] of plants) plant(root, from, to);
    const tsc = join(repositoryRoot, 'node_modules', '.bin', 'tsc');
    // Run in the copy, so errors name its files as `src/...`.
    const compiled = run(tsc, ['--noEmit', '--noErrorTruncation', '-p', '.'], { cwd: root });
    return await compiled.then(
      () => ({ failed: false, output: '' }),
      (error: { stdout: string }) => ({ failed: true, output: error.stdout }),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('our Splice tied to the vocabulary generated from Splice', () => {
  it('does not compile once Splice renames a payload or view field, a choice or a choice argument', async () => {
    const { failed, output } = await compileWithRenames([
      // Amulet's `owner` becomes `holder`.
      [
        'type Amulet = { readonly dso: string; readonly owner: string;',
        'type Amulet = { readonly dso: string; readonly holder: string;',
      ],
      // AnsEntry_Renew becomes AnsEntry_Extend, in its type and in the name list.
      ['{ AnsEntry_Renew: ChoiceRef<', '{ AnsEntry_Extend: ChoiceRef<'],
      ['["AnsEntry_Renew", ', '["AnsEntry_Extend", '],
      // TransferOffer_Withdraw's `reason` becomes `why`.
      [
        'type TransferOffer_Withdraw = { readonly reason: string; };',
        'type TransferOffer_Withdraw = { readonly why: string; };',
      ],
      // The Holding interface's view `owner` becomes `holder`.
      [
        'type HoldingView = { readonly owner: string;',
        'type HoldingView = { readonly holder: string;',
      ],
    ]);
    expect(failed).toBe(true);
    // One error per block: its first line names the file, the lines after it say why.
    const errors = output.split(/\n(?=\S)/).filter((block) => block.includes('error TS'));
    const at = (file: string) => errors.filter((block) => block.startsWith(file)).join('\n');
    expect(at('src/amulet/templates/amulet.ts')).toContain(
      "payload.holder: a field of Splice's we lack",
    );
    // The choice Splice now has and we lack must be listed (the compiler names one gap at a time).
    expect(at('src/ans/ans-entry.ts')).toContain("Property 'lacks' is missing");
    expect(at('src/ans/ans-entry.ts')).toContain('{ AnsEntry_Extend: ChoiceRef<');
    expect(at('src/wallet/transfer-offer.ts')).toContain(
      "TransferOffer_Withdraw argument.why: a field of Splice's we lack",
    );
    // LockedAmulet holds an Amulet, so it is caught there too.
    expect(at('src/amulet/templates/locked-amulet.ts')).toContain(
      "payload.amulet.holder: a field of Splice's we lack",
    );
    expect(at('src/token-standard/holding-v1.ts')).toContain(
      "view.holder: a field of Splice's we lack",
    );
    expect(at('src/token-standard/holding-v1.ts')).toContain('view.owner: a field Splice lacks');
    // Each rename is caught where a template or interface is tied, nowhere else.
    const files = new Set(errors.map((block) => block.slice(0, block.indexOf('('))));
    expect([...files].sort()).toEqual([
      'src/amulet/templates/amulet.ts',
      'src/amulet/templates/locked-amulet.ts',
      'src/ans/ans-entry.ts',
      'src/token-standard/holding-v1.ts',
      'src/wallet/transfer-offer.ts',
    ]);
  }, 180_000);

  it('refuses, when the module loads, a template tied to another template of Splice', () => {
    expect(() =>
      // @ts-expect-error: FeaturedAppRight's payload is not Amulet's either.
      tiedToSplice(spliceAmulet['Splice.Amulet'].Amulet, featuredAppRight),
    ).toThrow(
      "#splice-amulet:Splice.Amulet:FeaturedAppRight is tied to Splice's template #splice-amulet:Splice.Amulet:Amulet",
    );
    expect(tiedToSplice(spliceAmulet['Splice.Amulet'].Amulet, amulet, {})).toBe(amulet);
  });

  it('refuses, when the module loads, an interface tied to a template of Splice', () => {
    const holdings = spliceApiTokenHoldingV1['Splice.Api.Token.HoldingV1'];
    const lookalike = { ...holdings.Holding, kind: 'template' as const };
    expect(() => tiedInterfaceToSplice(lookalike, holdingInterface, {})).toThrow(
      "#splice-api-token-holding-v1:Splice.Api.Token.HoldingV1:Holding is tied to Splice's template #splice-api-token-holding-v1:Splice.Api.Token.HoldingV1:Holding",
    );
    expect(tiedInterfaceToSplice(holdings.Holding, holdingInterface, {})).toBe(holdingInterface);
  });
});
