import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { type InProcessNode, startInProcessNode } from './in-process-node.ts';
import {
  type IouModel,
  runSteps,
  type Scenario,
  type Step,
  setUpScenario,
} from './iou-scenario.ts';
import {
  createIou,
  createLedgerHttp,
  type LedgerHttp,
  readJson,
  submitAndWait,
} from './ledger-http.ts';
import { captureLedger, type LedgerCapture } from './ledger-snapshot.ts';
import { createProcessSet, createTempDir } from './node-process.ts';
import { startPocketnet } from './pocketnet-process.ts';

const fixedSteps: readonly Step[] = [
  { kind: 'create', owner: 0, amount: 100 },
  { kind: 'create', owner: 1, amount: 50 },
  { kind: 'create', owner: 2, amount: 0 },
  { kind: 'transfer', iou: 0, to: 1 },
  { kind: 'split', iou: 0, splitAmount: 20 },
  { kind: 'split', iou: 1, splitAmount: 500 },
  { kind: 'exerciseArchived', archived: 0 },
  { kind: 'transferByStranger', iou: 0 },
  { kind: 'transfer', iou: 2, to: 2 },
  { kind: 'split', iou: 0, splitAmount: 0 },
];

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    owner: fc.nat(2),
    amount: fc.integer({ min: 0, max: 1000 }),
  }),
  fc.record({ kind: fc.constant('transfer' as const), iou: fc.nat(20), to: fc.nat(2) }),
  fc.record({
    kind: fc.constant('split' as const),
    iou: fc.nat(20),
    splitAmount: fc.integer({ min: 0, max: 600 }),
  }),
  fc.record({ kind: fc.constant('exerciseArchived' as const), archived: fc.nat(20) }),
  fc.record({ kind: fc.constant('transferByStranger' as const), iou: fc.nat(20) }),
);

const readerOf = (scenario: Scenario) => ({ user: 'desk', parties: scenario.parties });

/** The active Ious a capture shows, as the model describes them. */
function activeIous(capture: LedgerCapture) {
  return capture.activeContracts
    .map(({ contractEntry }) => contractEntry.JsActiveContract.createdEvent)
    .filter((event) => event.templateId.endsWith(':Iou:Iou'))
    .map((event) => ({
      contractId: event.contractId,
      owner: event.createArgument.owner,
      amount: Number(event.createArgument.amount),
    }))
    .sort((left, right) => left.contractId.localeCompare(right.contractId));
}

const sortedModel = (model: IouModel) =>
  [...model.active].sort((left, right) => left.contractId.localeCompare(right.contractId));

async function expectNodeStillCommits(http: LedgerHttp, scenario: Scenario, end: number) {
  const [owner = ''] = scenario.owners;
  const iou = { issuer: scenario.bank, owner, amount: '1', currency: 'EUR' };
  const response = await submitAndWait(http, 'desk', {
    commandId: `after-restart-${randomUUID()}`,
    actAs: [scenario.bank, owner],
    commands: [createIou(iou)],
  });
  const body = await readJson<{ completionOffset: number }>(response);
  expect(body.completionOffset).toBe(end + 1);
}

describe('a node restarted on the same data folder', () => {
  const processes = createProcessSet();
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await processes.stopAll();
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('serves the identical ledger after a graceful stop of the process', async () => {
    const dir = await createTempDir('restart');
    cleanups.push(dir.remove);
    const first = await startPocketnet(processes, { dataDir: dir.path });
    const scenario = await setUpScenario(createLedgerHttp(first.url));
    const model = await runSteps(scenario, fixedSteps, 'fixed');
    const before = await captureLedger(scenario.http, readerOf(scenario));
    expect(activeIous(before)).toEqual(sortedModel(model));
    expect(model.archived.length).toBeGreaterThan(0);

    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    const second = await startPocketnet(processes, { dataDir: dir.path });
    const http = createLedgerHttp(second.url);
    const after = await captureLedger(http, readerOf(scenario));

    expect(after).toEqual(before);
    await expectNodeStillCommits(http, scenario, before.ledgerEnd);
  });

  test.prop([fc.array(stepArbitrary, { minLength: 1, maxLength: 20 })], { numRuns: 25 })(
    'serves the identical ledger after any command sequence and a close and reopen',
    async (steps) => {
      const dir = await createTempDir('restart-prop');
      const journal = join(dir.path, 'journal');
      const first = await startInProcessNode(journal);
      let second: InProcessNode | null = null;
      try {
        const scenario = await setUpScenario(first.http);
        const model = await runSteps(scenario, steps, randomUUID());
        const before = await captureLedger(first.http, readerOf(scenario));
        expect(activeIous(before)).toEqual(sortedModel(model));
        await first.close();

        second = await startInProcessNode(journal);
        expect(await captureLedger(second.http, readerOf(scenario))).toEqual(before);
        await expectNodeStillCommits(second.http, scenario, before.ledgerEnd);
      } finally {
        await first.close();
        await second?.close();
        await dir.remove();
      }
    },
    30_000,
  );
});
