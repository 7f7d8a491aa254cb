import type { Command, LedgerEngine, Package, TransactionRecord } from '@pocketnet/ledger';
import {
  createLedgerEngine,
  createMemoryJournal,
  createPackageRegistry,
  createPartyId,
  createSimulatedClock,
  makeParticipantId,
  makeSynchronizerId,
} from '@pocketnet/ledger';
import { tokenStandardPackages } from '../token-standard/token-standard-packages.ts';
import { amuletTemplateIds as ids } from './amulet-references.ts';
import { devNetAmuletRules } from './default-config.ts';
import { spliceAmuletCorePackage } from './splice-amulet-package.ts';

// A micro benchmark: in-engine AmuletRules_Transfer with 2 inputs and 2 outputs (to a receiver
// and back to the sender), in memory. Run `node --conditions=development <this file>`.

type Bench = { engine: LedgerEngine; dso: string; alice: string; bob: string; rulesCid: string };

async function startBench(packages: readonly Package[]): Promise<Bench> {
  const participantId = makeParticipantId('bench');
  const synchronizerId = makeSynchronizerId('global-domain');
  const namespace = participantId.slice(participantId.indexOf('::') + 2);
  const [dso, alice, bob] = ['DSO', 'alice', 'bob'].map((hint) => createPartyId(hint, namespace));
  const engine = createLedgerEngine({
    journal: createMemoryJournal(),
    clock: createSimulatedClock(1_767_225_600_000_000n),
    packages: createPackageRegistry(packages),
    participantId,
    synchronizerId,
    publish: () => undefined,
  });
  await engine.recover();
  await engine.commitTopology((_state, offset, updateId, recordTime) => ({
    type: 'topology',
    ...{ offset, updateId, recordTime, synchronizerId, participantId },
    parties: [dso, alice, bob].filter((party) => party !== undefined),
    annotations: {},
    identityProviderId: '',
    grantedTo: null,
  }));
  if (dso === undefined || alice === undefined || bob === undefined) throw new Error('parties');
  const bench = { engine, dso, alice, bob, rulesCid: '' };
  const created = await submit(
    bench,
    [dso],
    [
      {
        kind: 'create',
        templateId: ids.amuletRules,
        createArguments: devNetAmuletRules({ dso, synchronizerId }),
      },
    ],
  );
  return { ...bench, rulesCid: created.nodes[0]?.contractId ?? '' };
}

let counter = 0;

function submit(
  bench: Omit<Bench, 'rulesCid'>,
  actAs: string[],
  commands: Command[],
): Promise<TransactionRecord> {
  counter += 1;
  return bench.engine.submit({
    commands,
    userId: 'bench',
    commandId: `c-${counter}`,
    submissionId: `s-${counter}`,
    workflowId: '',
    actAs,
    readAs: [bench.dso],
    deduplicationPeriod: { kind: 'empty' },
    disclosedContracts: [],
    synchronizerId: null,
    minLedgerTimeMicros: null,
  });
}

function rules(
  bench: Bench,
  actAs: string[],
  choice: string,
  choiceArgument: Command extends never ? never : unknown,
) {
  const command = {
    kind: 'exercise',
    templateId: ids.amuletRules,
    contractId: bench.rulesCid,
    choice,
    choiceArgument,
  } as Command;
  return submit(bench, actAs, [command]);
}

const createdAmulets = (record: TransactionRecord, owner: string) =>
  record.nodes.flatMap((node) =>
    node.kind === 'created' &&
    node.templateId.endsWith(':Amulet') &&
    (node.createArgument as { owner: string }).owner === owner
      ? [node.contractId]
      : [],
  );

/** Bootstraps rounds and taps alice two coins; returns the open round and the coins. */
async function prepare(bench: Bench): Promise<{ openRound: string; coins: string[] }> {
  const { dso, alice } = bench;
  const boot = await rules(bench, [dso], 'AmuletRules_Bootstrap_Rounds', {
    amuletPrice: '0.005',
    round0Duration: { microseconds: '600000000' },
    initialRound: null,
  });
  const openRound = boot.nodes.find((node) => node.kind === 'created')?.contractId ?? '';
  const tap = { receiver: alice, amount: '1000000.0', openRound };
  const coins: string[] = [];
  for (let index = 0; index < 2; index++) {
    coins.push(
      ...createdAmulets(await rules(bench, [alice], 'AmuletRules_DevNet_Tap', tap), alice),
    );
  }
  return { openRound, coins };
}

/** Alice's two coins in; 1.0 to bob and 10.0 to herself out (plus her change). */
function transferArgument(bench: Bench, openRound: string, coins: readonly string[]) {
  const { dso, alice, bob } = bench;
  const pay = (receiver: string, amount: string) => ({
    receiver,
    receiverFeeRatio: '0.0',
    amount,
    lock: null,
    meta: null,
  });
  const transfer = {
    sender: alice,
    provider: alice,
    inputs: coins.map((cid) => ({ tag: 'InputAmulet', value: cid })),
    outputs: [pay(bob, '1.0'), pay(alice, '10.0')],
    beneficiaries: null,
  };
  const context = {
    openMiningRound: openRound,
    issuingMiningRounds: [],
    validatorRights: [],
    featuredAppRight: null,
  };
  return { transfer, context, expectedDso: dso };
}

/** Transfers per second (wall clock and per CPU second) for `count` sequential transfers. */
export async function measureTransferThroughput(
  count: number,
): Promise<{ perSecond: number; seconds: number; perCpuSecond: number }> {
  const bench = await startBench([spliceAmuletCorePackage, ...tokenStandardPackages]);
  const prepared = await prepare(bench);
  let coins = prepared.coins;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (let index = 0; index < count; index++) {
    const argument = transferArgument(bench, prepared.openRound, coins);
    const record = await rules(bench, [bench.alice, bench.bob], 'AmuletRules_Transfer', argument);
    coins = createdAmulets(record, bench.alice);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    perSecond: Math.round(count / seconds),
    seconds,
    perCpuSecond: Math.round(count / cpuSeconds),
  };
}

if (import.meta.main) {
  for (const count of (process.env.BENCH_COUNTS ?? '2000,20000,20000').split(',').map(Number)) {
    const result = await measureTransferThroughput(count);
    console.log(
      `AmuletRules_Transfer 2 in / 2 out: ${result.perSecond} transfers/s wall, ${result.perCpuSecond} per CPU second (${count} in ${result.seconds.toFixed(2)} s)`,
    );
  }
}
