import { readFileSync } from 'node:fs';
import {
  type BuiltPackage,
  buildDar,
  buildPackage,
  type DefValue,
  decodeEnvelope,
  type Expr,
  lfExprs as e,
  lfName,
  readDar,
  type Type,
  lfTypes as t,
} from '@pocketnet/daml-lf';
import { repoRoot } from './node-process.ts';

/** Splice's wallet Daml Script tests (splice-wallet-test 0.1.8, on daml-script 3.3). */
export const walletTestDarPath = `${repoRoot}/../shared/dars/splice-wallet-test-0.1.8.dar`;

const lowLevel = 'Daml.Script.Internal.LowLevel';

/**
 * A DAR whose main package has two hand-built scripts over the real daml-script library the
 * wallet test DAR bundles: `Main:passes` returns at once, `Main:fails` throws Daml's
 * GeneralError ("the balance does not add up"), as `abort` in a script does; `Main:echo` takes
 * an Int64 and returns it.
 */
/** The daml-script library and what it depends on (Daml's own packages, not Splice's). */
export function scriptLibrary() {
  const bundled: BuiltPackage[] = readDar(readFileSync(walletTestDarPath))
    .archives.map((archive) => ({ pkg: decodeEnvelope(archive), archive: archive.archiveBytes }))
    .filter(({ pkg }) => /^(daml|ghc)-/.test(pkg.metadata.name));
  const idOf = (name: string) => {
    const found = bundled.find(({ pkg }) => pkg.metadata.name === name);
    if (!found) throw new Error(`the wallet test DAR bundles no ${name}`);
    return found.pkg.packageId;
  };
  return { bundled, idOf };
}

export function handBuiltScriptDar(): Uint8Array {
  const { bundled, idOf } = scriptLibrary();
  const script = idOf('daml-script');
  const tuple2 = lfName('DA.Types', 'Tuple2', idOf('daml-prim-DA-Types'));
  const generalError = lfName(
    'DA.Exception.GeneralError',
    'GeneralError',
    idOf('daml-prim-DA-Exception-GeneralError'),
  );
  const free = lfName('Daml.Script.Internal.Free', 'Free', script);
  const scriptF = t.con(lfName(lowLevel, 'ScriptF', script));
  const scriptType = (result: Type) => t.con(lfName(lowLevel, 'Script', script), result);
  const scriptOf = (run: Expr, result: Type) =>
    e.record(
      lfName(lowLevel, 'Script', script),
      { runScript: e.lambda([['unit', t.unit]], run), dummy: e.unit },
      [result],
    );
  const stepOf = (result: Type) => ({
    tycon: free,
    args: [scriptF, t.con(tuple2, result, t.unit)],
  });
  // `Pure (value, ())`: the library's Script is a state monad over the free monad.
  const pure = (value: Expr, type: Type): Expr => ({
    tag: 'variantCon',
    tycon: stepOf(type),
    variant: 'Pure',
    arg: e.record(tuple2, { _1: value, _2: e.unit }, [type, t.unit]),
  });
  const raise: Expr = {
    tag: 'throw',
    returnType: t.con(free, scriptF, t.con(tuple2, t.unit, t.unit)),
    exceptionType: t.con(generalError),
    exception: e.record(generalError, { message: e.text('the balance does not add up') }),
  };
  const values: DefValue[] = [
    { name: 'passes', type: scriptType(t.unit), expr: scriptOf(pure(e.unit, t.unit), t.unit) },
    { name: 'fails', type: scriptType(t.unit), expr: scriptOf(raise, t.unit) },
    {
      name: 'echo',
      type: t.arrow(t.int64, scriptType(t.int64)),
      expr: e.lambda([['n', t.int64]], scriptOf(pure(e.variable('n'), t.int64), t.int64)),
    },
  ];
  const main = buildPackage({
    name: 'script-examples',
    version: '1.0.0',
    modules: { Main: { values } },
  });
  return buildDar([main, ...bundled]);
}
