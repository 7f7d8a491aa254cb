import {
  type Command,
  createSimulatedClock,
  type ExercisedNode,
  formatMicros,
  internalSubmission,
  type TransactionRecord,
  type Value,
} from '@pocketnet/ledger';
import { amuletTemplateIds as amulet, externalReferences } from '@pocketnet/splice';
import { defaultDevnetConfig } from '../src/devnet/start-devnet.ts';
import { createNode, type PocketnetNode } from '../src/node/create-node.ts';
import { unrestrictedCaller } from '../src/services/caller.ts';
import { packageCacheUnderTest, spliceDarsUnderTest } from './splice-dars-under-test.ts';

/** A text at a path of a ledger value in a test's assertions ('' when it is not there). */
export function textAt(value: Value, ...path: string[]): string {
  let current: Value = value;
  for (const name of path) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return '';
    current = (current as { readonly [field: string]: Value })[name] ?? null;
  }
  return typeof current === 'string' ? current : '';
}

// A devnet node with a simulated clock, and the Splice calls the workflow tests make in-engine,
// as the wallet backend would: every submission reads as the DSO (its rules and rounds).

export const startMicros = 1_767_225_600_000_000n; // 2026-01-01T00:00:00Z
export const hourMicros = 3_600_000_000n;

export type ActorNode = Awaited<ReturnType<typeof startActorNode>>;

let commandCounter = 0;

export async function startActorNode(options: { dataDir?: string } = {}) {
  const errors: unknown[] = [];
  const spliceDars = spliceDarsUnderTest();
  const node: PocketnetNode = await createNode({
    dataDir: options.dataDir ?? null,
    clock: createSimulatedClock(startMicros),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
    devnet: defaultDevnetConfig,
    onBackgroundError: (error) => errors.push(error),
    ...(spliceDars ? { spliceDars } : {}),
    packageCache: packageCacheUnderTest,
  });
  const parties = node.devnet?.parties;
  if (!parties) throw new Error('no devnet');
  const { dso } = parties;
  const operator = parties.validatorOperator;
  const contractsOf = (reference: string) => {
    const { templateId } = node.packages.resolveTemplate(reference);
    return [...node.engine.contracts.values()].filter((c) => c.templateId === templateId);
  };
  const submit = (
    actAs: readonly string[],
    commands: readonly Command[],
    alsoReadAs: readonly string[] = [],
  ) => {
    commandCounter += 1;
    const commandId = `actor-test-${commandCounter}`;
    const readAs = [dso, ...alsoReadAs];
    return node.engine.submit(
      internalSubmission({ commands, userId: 'actor-test', commandId, actAs, readAs }),
    );
  };
  const exercise = async (
    actAs: readonly string[],
    command: {
      templateId: string;
      contractId: string;
      choice: string;
      argument: unknown;
      readAs?: readonly string[];
    },
  ): Promise<{ record: TransactionRecord; result: Value }> => {
    const record = await submit(
      actAs,
      [
        {
          kind: 'exercise',
          templateId: command.templateId,
          contractId: command.contractId,
          choice: command.choice,
          choiceArgument: command.argument as Value,
        },
      ],
      command.readAs,
    );
    const root = record.nodes[record.rootNodeIds[0] ?? 0] as ExercisedNode;
    return { record, result: root.exerciseResult };
  };
  const create = async (actAs: readonly string[], templateId: string, argument: unknown) => {
    const record = await submit(actAs, [
      { kind: 'create', templateId, createArguments: argument as Value },
    ]);
    const created = record.nodes.find((candidate) => candidate.kind === 'created');
    if (created === undefined) throw new Error('nothing created');
    return { record, contractId: created.contractId };
  };
  const amuletRules = () => contractsOf(amulet.amuletRules)[0]?.contractId ?? '';
  /** The newest open round that has opened. */
  const openRound = () => {
    const now = formatMicros(node.clock.nowMicros());
    const opened = contractsOf(amulet.openMiningRound)
      .filter((round) => textAt(round.createArgument, 'opensAt') <= now)
      .sort(
        (a, b) =>
          Number(textAt(a.createArgument, 'round', 'number')) -
          Number(textAt(b.createArgument, 'round', 'number')),
      );
    return opened.at(-1)?.contractId ?? '';
  };
  return {
    node,
    errors,
    dso,
    operator,
    caller: unrestrictedCaller,
    submit,
    create,
    exercise,
    amuletRules,
    openRound,
    factory: () => contractsOf(externalReferences.externalPartyAmuletRules)[0]?.contractId ?? '',
    now: (plusMicros = 0n) => formatMicros(node.clock.nowMicros() + plusMicros),
    async party(hint: string, userId?: string) {
      const request = userId === undefined ? { partyIdHint: hint } : { partyIdHint: hint, userId };
      const details = await node.admin.allocateParty(unrestrictedCaller, request);
      return details.party;
    },
    async tap(receiver: string, amount: string) {
      const { result } = await exercise([receiver], {
        templateId: amulet.amuletRules,
        contractId: amuletRules(),
        choice: 'AmuletRules_DevNet_Tap',
        argument: { receiver, amount, openRound: openRound() },
      });
      return textAt(result, 'amuletSum', 'amulet');
    },
    paymentContext: () => ({
      amuletRules: amuletRules(),
      context: {
        openMiningRound: openRound(),
        issuingMiningRounds: [],
        validatorRights: [],
        featuredAppRight: null,
      },
    }),
    /** Scan's choice context for token-standard calls. */
    registryContext: (extra: Record<string, Value> = {}) => ({
      context: {
        values: {
          'amulet-rules': { tag: 'AV_ContractId', value: amuletRules() },
          'open-round': { tag: 'AV_ContractId', value: openRound() },
          'external-party-config-state': {
            tag: 'AV_ContractId',
            value: contractsOf(amulet.externalPartyConfigState).at(-1)?.contractId ?? '',
          },
          ...extra,
        },
      },
      meta: { values: {} },
    }),
    advance: (micros: bigint) => node.devnet?.controls.advanceTime(unrestrictedCaller, micros),
    actor: (actorId: string) => node.actors.get(unrestrictedCaller, actorId),
  };
}
