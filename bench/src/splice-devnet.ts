import { fileURLToPath } from 'node:url';
import type { PackageCache } from '@pocketnet/daml-lf';
import {
  type Command,
  createLedgerEngine,
  createMemoryJournal,
  createPartyId,
  createSimulatedClock,
  internalSubmission,
  type LedgerEngine,
  type PackageRegistry,
  type TransactionRecord,
  type Value,
} from '@pocketnet/ledger';
import {
  createNode,
  defaultDevnetConfig,
  type PocketnetNode,
  unrestrictedCaller,
} from '@pocketnet/runtime';
import { readSpliceDarSet, type SpliceDarSet } from '@pocketnet/runtime/splice-dars';
import { nodeNames } from './iou-engine.ts';

// A Splice devnet for the amulet benchmarks, reached through @pocketnet/runtime (bench does not
// depend on @pocketnet/splice): the node's genesis (AmuletRules, rounds), its package registry
// and the template references clients use.

/** 2026-01-01T00:00:00Z, as the gateway's test nodes start. */
export const genesisMicros = 1_767_225_600_000_000n;

export const spliceRefs = {
  amulet: '#splice-amulet:Splice.Amulet:Amulet',
  validatorRewardCoupon: '#splice-amulet:Splice.Amulet:ValidatorRewardCoupon',
  appRewardCoupon: '#splice-amulet:Splice.Amulet:AppRewardCoupon',
  amuletRules: '#splice-amulet:Splice.AmuletRules:AmuletRules',
  openMiningRound: '#splice-amulet:Splice.Round:OpenMiningRound',
} as const;

export type DevnetNode = {
  readonly node: PocketnetNode;
  readonly dso: string;
  readonly operator: string;
};

/** A whole node (bus, projections, devnet automation) on a simulated clock, in memory. */
/** Splice 0.6.11's DARs in ../shared/dars, as `--splice-dars ../shared/dars` reads them. */
export const sharedSpliceDars = (): SpliceDarSet =>
  readSpliceDarSet(fileURLToPath(new URL('../../../shared/dars/', import.meta.url)), '0.6.11');

/** A devnet node on our TypeScript Splice, or on Splice's own packages (`--splice-dars`). */
export async function startDevnetNode(
  options: { spliceDars?: SpliceDarSet; packageCache?: PackageCache } = {},
): Promise<DevnetNode> {
  const node = await createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    dataDir: null,
    clock: createSimulatedClock(genesisMicros),
    participantName: nodeNames.participant,
    synchronizerName: nodeNames.synchronizer,
    ledgerApiVersion: '3.4.12',
    devnet: defaultDevnetConfig,
    ...(options.spliceDars ? { spliceDars: options.spliceDars } : {}),
    ...(options.packageCache ? { packageCache: options.packageCache } : {}),
  });
  const parties = node.devnet?.parties;
  if (!parties) throw new Error('the node started without a devnet');
  return { node, dso: parties.dso, operator: parties.validatorOperator };
}

export async function allocate(node: PocketnetNode, hint: string): Promise<string> {
  return (await node.admin.allocateParty(unrestrictedCaller, { partyIdHint: hint })).party;
}

/** The active contracts of a template (by `#pkg:Module:Entity`) in an engine's store. */
export function activeOf(engine: LedgerEngine, reference: string) {
  const { templateId } = engine.packages.resolveTemplate(reference);
  return [...engine.contracts.values()].filter((contract) => contract.templateId === templateId);
}

/** The newest open round that has opened at `nowMicros`. */
export function latestOpenRound(engine: LedgerEngine, nowMicros: bigint): string {
  const opened = activeOf(engine, spliceRefs.openMiningRound)
    .map((contract) => {
      const payload = contract.createArgument as { round: { number: string }; opensAt: string };
      const opensAt = BigInt(Date.parse(payload.opensAt)) * 1000n;
      return { contractId: contract.contractId, number: Number(payload.round.number), opensAt };
    })
    .filter((round) => round.opensAt <= nowMicros)
    .sort((a, b) => a.number - b.number);
  const latest = opened.at(-1);
  if (!latest) throw new Error('no open round has opened');
  return latest.contractId;
}

let counter = 0;

/** Submits `commands` as `actAs`, reading as `readAs`, with a fresh command id. */
export function submitAs(
  engine: Pick<LedgerEngine, 'submit'>,
  parties: { actAs: readonly string[]; readAs: readonly string[] },
  commands: readonly Command[],
): Promise<TransactionRecord> {
  counter += 1;
  return engine.submit(
    internalSubmission({
      commands,
      userId: 'bench',
      commandId: `splice-bench-${counter}`,
      actAs: parties.actAs,
      readAs: parties.readAs,
    }),
  );
}

export const exerciseCommand = (
  templateId: string,
  contractId: string,
  choice: string,
  choiceArgument: Value,
): Command => ({ kind: 'exercise', templateId, contractId, choice, choiceArgument });

/**
 * A bare engine (memory journal, nothing published) with the node's packages, or those given
 * with the AmuletRules template they name, and the node's AmuletRules (devnet config),
 * bootstrapped with its first rounds, and `hints` hosted as parties.
 */
export async function startBareAmuletEngine(
  devnet: DevnetNode,
  hints: readonly string[],
  amulet: { readonly packages: PackageRegistry; readonly rulesTemplate: string } = {
    packages: devnet.node.packages,
    rulesTemplate: spliceRefs.amuletRules,
  },
) {
  const { node } = devnet;
  const { participantId, synchronizerId } = node.identity;
  const engine = createLedgerEngine({
    journal: createMemoryJournal(),
    clock: createSimulatedClock(genesisMicros),
    packages: amulet.packages,
    participantId,
    synchronizerId,
    publish: () => undefined,
  });
  await engine.recover();
  const namespace = participantId.slice(participantId.indexOf('::') + 2);
  const parties = hints.map((hint) => createPartyId(hint, namespace));
  await engine.commitTopology((state, offset, updateId, recordTime) => ({
    type: 'topology',
    offset,
    updateId,
    recordTime,
    synchronizerId,
    participantId: state.participantId,
    parties: [devnet.dso, ...parties],
    annotations: {},
    identityProviderId: '',
    grantedTo: null,
  }));
  const [rules] = activeOf(node.engine, spliceRefs.amuletRules);
  if (!rules) throw new Error('the devnet has no AmuletRules');
  const dsoParties = { actAs: [devnet.dso], readAs: [] };
  const created = await submitAs(engine, dsoParties, [
    { kind: 'create', templateId: amulet.rulesTemplate, createArguments: rules.createArgument },
  ]);
  const rulesCid = created.nodes[0]?.contractId ?? '';
  await submitAs(engine, dsoParties, [
    exerciseCommand(amulet.rulesTemplate, rulesCid, 'AmuletRules_Bootstrap_Rounds', {
      amuletPrice: '0.005',
      round0Duration: { microseconds: '600000000' },
      initialRound: null,
    }),
  ]);
  return { engine, parties, rulesCid };
}
