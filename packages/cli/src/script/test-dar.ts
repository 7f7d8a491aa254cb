import {
  createScriptRunner,
  findScripts,
  loadScriptPackages,
  type ScriptEntry,
  ScriptFailure,
  type ScriptLedger,
  type ScriptLocation,
  type ScriptPackages,
  scriptName,
  withScriptsOf,
} from '@pocketnet/daml-script';
import {
  createMemoryJournal,
  createSimulatedClock,
  createWallClock,
  type JournalRecord,
} from '@pocketnet/ledger';
import {
  createNode,
  nodeOfParticipant,
  type PocketnetNode,
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

/** How the scripts' node is laid out and timed. */
export type ScriptNodeOptions = {
  /** Participants beside the default one (`sandbox`), for `allocatePartyOn` and `…On`. */
  readonly participants?: readonly string[];
  /** The wall clock instead of static time from the epoch (`sleep` then waits). */
  readonly wallClock?: boolean;
};

const defaultParticipant = 'sandbox';

/**
 * A node in static time from the epoch, as `dpm test` runs scripts, over the given journal;
 * with more participants when asked.
 */
const scriptNode = (records: JournalRecord[], options: ScriptNodeOptions = {}) =>
  createNode({
    dataDir: null,
    clock: options.wallClock ? createWallClock() : createSimulatedClock(0n),
    participantName: defaultParticipant,
    ...(options.participants?.length ? { participants: options.participants } : {}),
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
    ledger: { openJournal: async () => createMemoryJournal({ records }) },
    // A script's node runs no devnet, so nothing runs in the background but actors' timers.
    onBackgroundError: (error) =>
      process.stderr.write(`background work failed: ${String(error)}\n`),
  });

/** The script ledgers of a node's participants: the default one and each by name. */
export function nodeScriptLedgers(node: PocketnetNode, names: readonly string[] = []) {
  const userId = 'daml-script';
  const ledger = createNodeScriptLedger(node, userId);
  const byName = new Map<string, ScriptLedger>([[defaultParticipant, ledger]]);
  names.forEach((name, index) => {
    const participant = node.participants[index + 1];
    if (participant === undefined) throw new Error(`the node has no participant ${name}`);
    byName.set(name, createNodeScriptLedger(nodeOfParticipant(node, participant), userId));
  });
  return { ledger, byName };
}

/**
 * The journal of a node the DAR was uploaded to: each script's node starts from a copy of it,
 * as a node restarted with the DAR uploaded (its packages checked once, decoded when used).
 * Packages are each participant's own, so the DAR goes to every participant of the node.
 */
async function journalWithDar(
  darBytes: Uint8Array,
  options: ScriptNodeOptions,
): Promise<readonly JournalRecord[]> {
  const records: JournalRecord[] = [];
  const node = await scriptNode(records, options);
  try {
    for (const participant of node.participants) {
      await participant.packageAdmin.upload(unrestrictedCaller, darBytes, {
        validateOnly: false,
        vetAllPackages: true,
      });
    }
  } finally {
    await node.close();
  }
  return records;
}

/** A node for scripts with the DAR uploaded, as `testDar` runs each script on. */
export async function scriptNodeWithDar(
  darBytes: Uint8Array,
  options: ScriptNodeOptions = {},
): Promise<PocketnetNode> {
  return scriptNode([...(await journalWithDar(darBytes, options))], options);
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
  } & ScriptNodeOptions = {},
): Promise<ScriptOutcome[]> {
  const loaded = loadScriptPackages(darBytes);
  const packages = options.packageName ? withScriptsOf(loaded, options.packageName) : loaded;
  const scripts = findScripts(packages).filter(options.only ?? (() => true));
  if (scripts.length === 0) return [];
  const uploaded = await journalWithDar(darBytes, options);
  const outcomes: ScriptOutcome[] = [];
  for (const script of scripts) {
    const outcome = await testScript([...uploaded], packages, script, options);
    options.onOutcome?.(outcome);
    outcomes.push(outcome);
  }
  return outcomes;
}

async function testScript(
  journal: JournalRecord[],
  packages: ScriptPackages,
  script: ScriptEntry,
  options: ScriptNodeOptions,
): Promise<ScriptOutcome> {
  const name = scriptName(script);
  const node = await scriptNode(journal, options);
  try {
    const { ledger, byName } = nodeScriptLedgers(node, options.participants);
    const runner = createScriptRunner(packages, ledger, byName);
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
