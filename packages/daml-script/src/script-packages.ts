import {
  createEvaluator,
  createLfValueTypes,
  type DefValue,
  decodeEnvelope,
  type Evaluator,
  type LfValueTypes,
  type Package,
  readDar,
  type Type,
} from '@pocketnet/daml-lf';

/**
 * A DAR's packages as a script run needs them: decoded with locations (a failure names where
 * it happened), one evaluator over all of them, and the LF value types of its templates.
 */
export type ScriptPackages = {
  readonly mainPackageId: string;
  readonly packages: ReadonlyMap<string, Package>;
  readonly evaluator: Evaluator;
  readonly valueTypes: LfValueTypes;
  /** `packageId:Module:Name` of a type of one of the DAR's library packages, by package name. */
  tycon(packageName: string, module: string, name: string): string;
  /** The LF type of a serializable value given its type constructor key. */
  typeOf(tyconKey: string): Type;
};

export class ScriptSetupError extends Error {
  override readonly name = 'ScriptSetupError';
}

const lowLevelModule = 'Daml.Script.Internal.LowLevel';

/**
 * The library leaves `dangerousCast` (an unchecked coercion between the types of a question's
 * payload and answer) for the runner to supply, as Daml's runner does: here it is the identity,
 * since values carry no static types at run time.
 */
function withRunnerPrimitives(pkg: Package): Package {
  const module = pkg.modules.get(lowLevelModule);
  const cast = module?.values.get('dangerousCast');
  if (module === undefined || cast === undefined) return pkg;
  const star = { tag: 'star' } as const;
  const identity: DefValue = {
    ...cast,
    expr: {
      tag: 'tyAbs',
      params: [
        { name: 'a', kind: star },
        { name: 'b', kind: star },
      ],
      body: {
        tag: 'abs',
        params: [{ name: 'x', type: { tag: 'var', name: 'a', args: [] } }],
        body: { tag: 'var', name: 'x' },
      },
    },
  };
  const values = new Map(module.values);
  values.set('dangerousCast', identity);
  const modules = new Map(pkg.modules);
  modules.set(lowLevelModule, { ...module, values });
  return { ...pkg, modules };
}

export function loadScriptPackages(darBytes: Uint8Array): ScriptPackages {
  const dar = readDar(darBytes);
  const packages = new Map<string, Package>();
  for (const archive of dar.archives) {
    const pkg = decodeEnvelope(archive, { locations: true });
    packages.set(pkg.packageId, withRunnerPrimitives(pkg));
  }
  const byName = new Map<string, string>();
  for (const pkg of packages.values()) {
    // Several versions of one name: the library types are looked up in the script library's deps,
    // which a DAR bundles once.
    if (!byName.has(pkg.metadata.name)) byName.set(pkg.metadata.name, pkg.packageId);
  }
  const evaluator = createEvaluator({ get: (packageId) => packages.get(packageId) });
  const valueTypes = createLfValueTypes((packageId) => packages.get(packageId));
  return {
    mainPackageId: dar.mainPackageId,
    packages,
    evaluator,
    valueTypes,
    tycon(packageName, module, name) {
      const packageId = byName.get(packageName);
      if (packageId === undefined) {
        throw new ScriptSetupError(`the DAR bundles no package ${packageName}`);
      }
      return `${packageId}:${module}:${name}`;
    },
    typeOf(tyconKey) {
      const [packageId = '', module = '', name = ''] = tyconKey.split(':');
      return { tag: 'con', tycon: { packageId, module, name }, args: [] };
    },
  };
}

/**
 * The same packages with another bundled package as the one whose scripts run (a DAR's main
 * package is the default, as `dpm test` has it).
 */
export function withScriptsOf(packages: ScriptPackages, packageName: string): ScriptPackages {
  const found = [...packages.packages.values()].find((pkg) => pkg.metadata.name === packageName);
  if (found === undefined) {
    throw new ScriptSetupError(`the DAR bundles no package named ${packageName}`);
  }
  return { ...packages, mainPackageId: found.packageId };
}
