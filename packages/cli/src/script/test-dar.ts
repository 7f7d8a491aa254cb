import {
  createScriptRunner,
  findScripts,
  loadScriptPackages,
  type ScriptEntry,
  ScriptFailure,
  type ScriptLocation,
  type ScriptPackages,
  scriptName,
  withScriptsOf,
} from '@pocketnet/daml-script';
import {
  createMemoryJournal,
  createNode,
  createSimulatedClock,
  type JournalRecord,
  unrestrictedCaller,
} from '@pocketnet/runtime';
import { createNodeScriptLedger } from './node-script-ledger.ts';

export type ScriptOutcome =
  | { readonly name: string; readonly ok: true }
  | {
      readonly name: string;
      readonly ok: false;
      readonly message: string;
      readonly location: ScriptLocation | null;
    };

/** A node in static time from the epoch, as `dpm test` runs scripts, over the given journal. */
const scriptNode = (records: JournalRecord[]) =>
  createNode({
    dataDir: null,
    clock: createSimulatedClock(0n),
    participantName: 'sandbox',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
    ledger: { openJournal: async () => createMemoryJournal({ records }) },
    // A script's node runs no devnet, so nothing runs in the background but actors' timers.
    onBackgroundError: (error) =>
      process.stderr.write(`background work failed: ${String(error)}\n`),
  });

/**
 * The journal of a node the DAR was uploaded to: each script's node starts from a copy of it,
 * as a node restarted with the DAR uploaded (its packages checked once, decoded when used).
 */
async function journalWithDar(darBytes: Uint8Array): Promise<readonly JournalRecord[]> {
  const records: JournalRecord[] = [];
  const node = await scriptNode(records);
  try {
    await node.packageAdmin.upload(unrestrictedCaller, darBytes, {
      validateOnly: false,
      vetAllPackages: true,
    });
  } finally {
    await node.close();
  }
  return records;
}

/**
 * `pocketnet test`: every script of the DAR's main package, each on a fresh in-memory node
 * with the DAR uploaded.
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
  if (scripts.length === 0) return [];
  const uploaded = await journalWithDar(darBytes);
  const outcomes: ScriptOutcome[] = [];
  for (const script of scripts) {
    const outcome = await testScript([...uploaded], packages, script);
    options.onOutcome?.(outcome);
    outcomes.push(outcome);
  }
  return outcomes;
}

async function testScript(
  journal: JournalRecord[],
  packages: ScriptPackages,
  script: ScriptEntry,
): Promise<ScriptOutcome> {
  const name = scriptName(script);
  const node = await scriptNode(journal);
  try {
    const runner = createScriptRunner(packages, createNodeScriptLedger(node, 'daml-script'));
    await runner.run(script.module, script.name);
    return { name, ok: true };
  } catch (error) {
    if (error instanceof ScriptFailure) {
      return { name, ok: false, message: error.message, location: error.location };
    }
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return { name, ok: false, message, location: null };
  } finally {
    await node.close();
  }
}
