import type {
  Command,
  DisclosedContract,
  Package,
  TransactionRecord,
  Value,
} from '@pocketnet/ledger';
import { encodeContractBlob, parseTime } from '@pocketnet/ledger';
import { amuletTemplateIds } from '../src/amulet/amulet-references.ts';
import { devNetAmuletRules } from '../src/amulet/default-config.ts';
import { createSpliceAmuletPackage } from '../src/amulet/splice-amulet-package.ts';
import { externalReferences } from '../src/external/amulet-references.ts';
import { choiceContextKeys } from '../src/external/choice-context.ts';
import { externalPartyTemplates } from '../src/external/external-party-templates.ts';
import { readField, readText } from '../src/external/value-readers.ts';
import { holdingInterfaceId } from '../src/token-standard/holding-v1.ts';
import type { ChoiceContext } from '../src/token-standard/metadata-v1.ts';
import { tokenStandardPackages } from '../src/token-standard/token-standard-packages.ts';
import type { SpliceTestLedger } from './splice-ledger.test-helper.ts';
import { startSpliceLedger, synchronizerId, tickMicros } from './splice-ledger.test-helper.ts';

// A DevNet with the amulet core and this folder's templates: AmuletRules bootstrapped with its
// rounds and ExternalPartyConfigStates, an ExternalPartyAmuletRules, and helpers that submit
// the way the wallet SDK does, with the registry's contracts disclosed.

export type ExternalFixture = {
  readonly ledger: SpliceTestLedger;
  readonly dso: string;
  readonly amuletRules: string;
  readonly factory: string;
  /** Submits as `actAs` with the given contracts disclosed; resolves the root exercise result. */
  exercise(
    actAs: readonly string[],
    command: { templateId: string; contractId: string; choice: string; choiceArgument: unknown },
    disclosed?: readonly string[],
  ): Promise<{ record: TransactionRecord; result: Value }>;
  /** The newest open round that has opened. */
  openRound(): string;
  /** Scan's transfer context: AmuletRules and the open round, plus extra entries. */
  context(extra?: Readonly<Record<string, string | boolean>>): {
    choiceContext: ChoiceContext;
    disclosed: string[];
  };
  tap(receiver: string, amount: string): Promise<string>;
  /** Holding views of a party's amulets, by contract id. */
  holdings(owner: string): Map<string, { amount: string; locked: boolean }>;
};

function disclose(ledger: SpliceTestLedger, contractIds: readonly string[]): DisclosedContract[] {
  const byId = new Map([...ledger.engine.contracts.values()].map((c) => [c.contractId, c]));
  return contractIds.flatMap((contractId) => {
    const contract = byId.get(contractId);
    if (contract === undefined) return [];
    return [
      {
        templateId: null,
        contractId,
        createdEventBlob: encodeContractBlob(contract),
        synchronizerId,
      },
    ];
  });
}

let commandCounter = 0;

async function submitDisclosed(
  ledger: SpliceTestLedger,
  actAs: readonly string[],
  commands: readonly Command[],
  disclosed: readonly string[],
): Promise<TransactionRecord> {
  commandCounter += 1;
  return ledger.engine.submit({
    commands,
    userId: 'external-test',
    commandId: `external-${commandCounter}`,
    submissionId: `external-${commandCounter}`,
    workflowId: '',
    actAs,
    readAs: [],
    deduplicationPeriod: { kind: 'empty' },
    disclosedContracts: disclose(ledger, disclosed),
    synchronizerId: null,
    minLedgerTimeMicros: null,
  });
}

function latestOpenRound(ledger: SpliceTestLedger): string {
  const now = ledger.clock.nowMicros();
  const number = (payload: Value) => BigInt(readText(payload, ['round', 'number']));
  const opened = ledger
    .active(amuletTemplateIds.openMiningRound)
    .filter(({ payload }) => (parseTime(readText(payload, ['opensAt'])) ?? now + 1n) <= now)
    .sort((a, b) => Number(number(a.payload) - number(b.payload)));
  const latest = opened.at(-1);
  if (latest === undefined) throw new Error('no open round');
  return latest.contractId;
}

type Registry = { readonly ledger: SpliceTestLedger; readonly amuletRules: string };

/** Scan's registry context: AmuletRules, the open round and the newest ExternalPartyConfigState. */
function registryContext(registry: Registry, extra: Readonly<Record<string, string | boolean>>) {
  const openRound = latestOpenRound(registry.ledger);
  const configState = registry.ledger.active(amuletTemplateIds.externalPartyConfigState).at(-1);
  if (configState === undefined) throw new Error('no ExternalPartyConfigState');
  const values: Record<string, ChoiceContext['values'][string]> = {
    [choiceContextKeys.amuletRules]: { tag: 'AV_ContractId', value: registry.amuletRules },
    [choiceContextKeys.openRound]: { tag: 'AV_ContractId', value: openRound },
    [choiceContextKeys.externalPartyConfigState]: {
      tag: 'AV_ContractId',
      value: configState.contractId,
    },
  };
  const disclosed = [registry.amuletRules, openRound, configState.contractId];
  for (const [key, value] of Object.entries(extra)) {
    if (typeof value === 'boolean') {
      values[key] = { tag: 'AV_Bool', value };
    } else {
      values[key] = { tag: 'AV_ContractId', value };
      disclosed.push(value);
    }
  }
  return { choiceContext: { values }, disclosed };
}

function holdingViews(ledger: SpliceTestLedger, owner: string) {
  const { packages, contracts } = ledger.engine;
  const implemented = packages.implementationsOf(holdingInterfaceId);
  const views = new Map<string, { amount: string; locked: boolean }>();
  for (const contract of contracts.values()) {
    if (!implemented.includes(contract.templateId)) continue;
    const view = packages.interfaceView(contract, holdingInterfaceId).viewValue;
    if (readText(view, ['owner']) !== owner) continue;
    const locked = readField(view, ['lock']) !== null;
    views.set(contract.contractId, { amount: readText(view, ['amount']), locked });
  }
  return views;
}

/** DevNet genesis: AmuletRules, its bootstrapped rounds and config states, the factory. */
async function genesis(ledger: SpliceTestLedger) {
  const dso = await ledger.party('dso');
  const rules = devNetAmuletRules({ dso, synchronizerId });
  const amuletRules = await ledger.create([dso], amuletTemplateIds.amuletRules, rules);
  await ledger.exercise([dso], {
    templateId: amuletTemplateIds.amuletRules,
    contractId: amuletRules,
    choice: 'AmuletRules_Bootstrap_Rounds',
    choiceArgument: {
      amuletPrice: '0.005',
      round0Duration: { microseconds: tickMicros.toString() },
      initialRound: null,
    },
  });
  const factory = await ledger.create([dso], externalReferences.externalPartyAmuletRules, { dso });
  return { dso, amuletRules, factory };
}

export async function startExternalFixture(
  extraPackages: readonly Package[] = [],
): Promise<ExternalFixture> {
  const amuletPackage = createSpliceAmuletPackage({ templates: externalPartyTemplates });
  const packages = [...tokenStandardPackages, amuletPackage, ...extraPackages];
  const ledger = await startSpliceLedger(packages);
  const { dso, amuletRules, factory } = await genesis(ledger);
  const exercise: ExternalFixture['exercise'] = async (actAs, command, disclosed = []) => {
    const choiceArgument = command.choiceArgument as Value;
    const commands: Command[] = [{ kind: 'exercise', ...command, choiceArgument }];
    const record = await submitDisclosed(ledger, actAs, commands, disclosed);
    const root = record.nodes[record.rootNodeIds[0] ?? 0];
    if (root?.kind !== 'exercised') throw new Error('no exercise at the root');
    return { record, result: root.exerciseResult };
  };
  const tap = async (receiver: string, amount: string) => {
    const openRound = latestOpenRound(ledger);
    const { result } = await exercise(
      [receiver],
      {
        templateId: amuletTemplateIds.amuletRules,
        contractId: amuletRules,
        choice: 'AmuletRules_DevNet_Tap',
        choiceArgument: { receiver, amount, openRound },
      },
      [amuletRules, openRound],
    );
    return readText(result, ['amuletSum', 'amulet']);
  };
  return {
    ledger,
    dso,
    amuletRules,
    factory,
    exercise,
    tap,
    openRound: () => latestOpenRound(ledger),
    context: (extra = {}) => registryContext({ ledger, amuletRules }, extra),
    holdings: (owner) => holdingViews(ledger, owner),
  };
}
