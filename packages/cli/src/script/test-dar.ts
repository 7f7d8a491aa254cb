import {
  createScriptRunner,
  findScripts,
  loadScriptPackages,
  type ScriptEntry,
  ScriptFailure,
  type ScriptLocation,
  scriptName,
  withScriptsOf,
} from '@pocketnet/daml-script';
import { createNode, createSimulatedClock, unrestrictedCaller } from '@pocketnet/runtime';
import { createNodeScriptLedger } from './node-script-ledger.ts';

export type ScriptOutcome =
  | { readonly name: string; readonly ok: true }
  | {
      readonly name: string;
      readonly ok: false;
      readonly message: string;
      readonly location: ScriptLocation | null;
    };

/**
 * `pocketnet test`: every script of the DAR's main package, each on a fresh in-memory node
 * (static time from the epoch, as `dpm test` runs them) with the DAR uploaded.
 */
export async function testDar(
  darBytes: Uint8Array,
  options: {
    readonly only?: (entry: ScriptEntry) => boolean;
    /** A bundled package whose scripts run instead of the main package's. */
    readonly packageName?: string;
    readonly onOutcome?: (outcome: ScriptOutcome) => void;
  } = {},
): Promise<ScriptOutcome[]> {
  const loaded = loadScriptPackages(darBytes);
  const packages = options.packageName ? withScriptsOf(loaded, options.packageName) : loaded;
  const scripts = findScripts(packages).filter(options.only ?? (() => true));
  const outcomes: ScriptOutcome[] = [];
  for (const script of scripts) {
    const outcome = await testScript(darBytes, packages, script);
    options.onOutcome?.(outcome);
    outcomes.push(outcome);
  }
  return outcomes;
}

async function testScript(
  darBytes: Uint8Array,
  packages: ReturnType<typeof loadScriptPackages>,
  script: ScriptEntry,
): Promise<ScriptOutcome> {
  const name = scriptName(script);
  const node = await createNode({
    dataDir: null,
    clock: createSimulatedClock(0n),
    participantName: 'sandbox',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
  });
  try {
    await node.packageAdmin.upload(unrestrictedCaller, darBytes, {
      validateOnly: false,
      vetAllPackages: true,
    });
    const runner = createScriptRunner(packages, createNodeScriptLedger(node, 'daml-script'));
    await runner.run(script.module, script.name);
    return { name, ok: true };
  } catch (error) {
    if (error instanceof ScriptFailure) {
      if (process.env.SCRIPT_DEBUG) console.error(error.cause);
      return { name, ok: false, message: error.message, location: error.location };
    }
    return {
      name,
      ok: false,
      message: String(error instanceof Error ? error.stack : error),
      location: null,
    };
  } finally {
    await node.close();
  }
}
