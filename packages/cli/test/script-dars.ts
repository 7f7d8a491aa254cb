import { readFileSync } from 'node:fs';
import {
  type BuiltPackage,
  buildDar,
  buildPackage,
  decodeEnvelope,
  type Expr,
  lfExprs as e,
  lfName,
  readDar,
  lfTypes as t,
} from '@pocketnet/daml-lf';
import { repoRoot } from './node-process.ts';

/** Splice's wallet Daml Script tests (splice-wallet-test 0.1.8, on daml-script 3.3). */
export const walletTestDarPath = `${repoRoot}/../shared/dars/splice-wallet-test-0.1.8.dar`;

const lowLevel = 'Daml.Script.Internal.LowLevel';

/**
 * A DAR whose main package has two hand-built scripts over the real daml-script library the
 * wallet test DAR bundles: `Main:passes` returns at once, `Main:fails` throws Daml's
 * GeneralError ("the balance does not add up"), as `abort` in a script does.
 */
export function handBuiltScriptDar(): Uint8Array {
  const bundled: BuiltPackage[] = readDar(readFileSync(walletTestDarPath)).archives.map(
    (archive) => ({ pkg: decodeEnvelope(archive), archive: archive.archiveBytes }),
  );
  const idOf = (name: string) => {
    const found = bundled.find(({ pkg }) => pkg.metadata.name === name);
    if (!found) throw new Error(`the wallet test DAR bundles no ${name}`);
    return found.pkg.packageId;
  };
  const script = idOf('daml-script');
  const tuple2 = lfName('DA.Types', 'Tuple2', idOf('daml-prim-DA-Types'));
  const generalError = lfName(
    'DA.Exception.GeneralError',
    'GeneralError',
    idOf('daml-prim-DA-Exception-GeneralError'),
  );
  const free = lfName('Daml.Script.Internal.Free', 'Free', script);
  const scriptF = t.con(lfName(lowLevel, 'ScriptF', script));
  const result = t.con(tuple2, t.unit, t.unit);
  const freeType = t.con(free, scriptF, result);
  const scriptValue = (name: string, run: Expr) => ({
    name,
    type: t.con(lfName(lowLevel, 'Script', script), t.unit),
    expr: e.record(
      lfName(lowLevel, 'Script', script),
      { runScript: e.lambda([['unit', t.unit]], run), dummy: e.unit },
      [t.unit],
    ),
  });
  const pure: Expr = {
    tag: 'variantCon',
    tycon: { tycon: free, args: [scriptF, result] },
    variant: 'Pure',
    arg: e.record(tuple2, { _1: e.unit, _2: e.unit }, [t.unit, t.unit]),
  };
  const raise: Expr = {
    tag: 'throw',
    returnType: freeType,
    exceptionType: t.con(generalError),
    exception: e.record(generalError, { message: e.text('the balance does not add up') }),
  };
  const main = buildPackage({
    name: 'script-examples',
    version: '1.0.0',
    modules: { Main: { values: [scriptValue('passes', pure), scriptValue('fails', raise)] } },
  });
  return buildDar([main, ...bundled]);
}
