import type { Type } from '@pocketnet/daml-lf';
import type { ScriptPackages } from './script-packages.ts';

/** A Daml Script of the DAR's main package: `Module:name`. */
export type ScriptEntry = { readonly module: string; readonly name: string };

export const scriptName = (entry: ScriptEntry) => `${entry.module}:${entry.name}`;

function isScriptType(packages: ScriptPackages, type: Type): boolean {
  if (type.tag !== 'con') return false;
  const { tycon } = type;
  return (
    tycon.module === 'Daml.Script.Internal.LowLevel' &&
    tycon.name === 'Script' &&
    packages.packages.get(tycon.packageId)?.metadata.name.startsWith('daml') === true
  );
}

/**
 * The scripts `dpm test` runs: every top-level value of the main package whose type is
 * `Script a` (so it takes no argument), leaving out the compiler's own definitions (`$…`).
 */
export function findScripts(packages: ScriptPackages): ScriptEntry[] {
  const main = packages.packages.get(packages.mainPackageId);
  if (main === undefined) return [];
  const entries: ScriptEntry[] = [];
  for (const module of main.modules.values()) {
    for (const value of module.values.values()) {
      if (value.name.startsWith('$') || !isScriptType(packages, value.type)) continue;
      entries.push({ module: module.name, name: value.name });
    }
  }
  return entries.sort((a, b) => scriptName(a).localeCompare(scriptName(b)));
}
