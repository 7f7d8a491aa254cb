import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createPackageEraser,
  decodeEnvelope,
  type Package as LfPackage,
  readDar,
} from '@pocketnet/daml-lf';
import {
  createLedgerEngine,
  createMemoryJournal,
  createPackageRegistry,
  createPartyId,
  createSimulatedClock,
  type Package,
} from '@pocketnet/ledger';
import {
  activeOf,
  type DevnetNode,
  exerciseCommand,
  genesisMicros,
  spliceRefs,
  submitAs,
} from './splice-devnet.ts';

// Splice's own splice-amulet DAR, run by the Daml-LF engine: its packages decoded and erased
// into the ledger's template forms, on a bare engine, bootstrapped with the devnet node's own
// AmuletRules configuration (the TypeScript templates keep Splice's field names).

const sharedDars = fileURLToPath(new URL('../../../shared/dars/', import.meta.url));
export const amuletDar = 'splice-amulet-0.1.20.dar';

export function loadLfPackages(darName: string): { mainPackageId: string; packages: Package[] } {
  const dar = readDar(new Uint8Array(readFileSync(`${sharedDars}${darName}`)));
  const decoded = new Map<string, LfPackage>();
  for (const archive of dar.archives) decoded.set(archive.packageId, decodeEnvelope(archive));
  const erase = createPackageEraser();
  const packages = [...decoded.values()].map((pkg) => ({
    packageId: pkg.packageId,
    name: pkg.metadata.name,
    version: pkg.metadata.version,
    ...erase(pkg, (id) => decoded.get(id)),
  }));
  return { mainPackageId: dar.mainPackageId, packages };
}

/** A bare engine running Splice's real AmuletRules through the LF engine. */
export async function startLfAmuletEngine(devnet: DevnetNode, hints: readonly string[]) {
  const { node } = devnet;
  const { participantId, synchronizerId } = node.identity;
  const { mainPackageId, packages } = loadLfPackages(amuletDar);
  const engine = createLedgerEngine({
    journal: createMemoryJournal(),
    clock: createSimulatedClock(genesisMicros),
    packages: createPackageRegistry(
      packages.filter((pkg) => (pkg.templates?.length ?? 0) + (pkg.interfaces?.length ?? 0) > 0),
    ),
    participantId,
    synchronizerId,
    publish: () => undefined,
  });
  await engine.recover();
  const namespace = participantId.slice(participantId.indexOf('::') + 2);
  const parties = hints.map((hint) => createPartyId(hint, namespace));
  await engine.commitTopology((state, offset, updateId, recordTime) => ({
    type: 'topology',
    ...{ offset, updateId, recordTime, synchronizerId, participantId: state.participantId },
    parties: [devnet.dso, ...parties],
    annotations: {},
    identityProviderId: '',
    grantedTo: null,
  }));
  const [rules] = activeOf(node.engine, spliceRefs.amuletRules);
  if (!rules) throw new Error('the devnet has no AmuletRules');
  const rulesTemplate = `${mainPackageId}:Splice.AmuletRules:AmuletRules`;
  const dsoParties = { actAs: [devnet.dso], readAs: [] };
  const created = await submitAs(engine, dsoParties, [
    { kind: 'create', templateId: rulesTemplate, createArguments: rules.createArgument },
  ]);
  const rulesCid = created.nodes[0]?.contractId ?? '';
  await submitAs(engine, dsoParties, [
    exerciseCommand(rulesTemplate, rulesCid, 'AmuletRules_Bootstrap_Rounds', {
      amuletPrice: '0.005',
      round0Duration: { microseconds: '600000000' },
      initialRound: null,
    }),
  ]);
  return { engine, parties, rulesCid, mainPackageId };
}
