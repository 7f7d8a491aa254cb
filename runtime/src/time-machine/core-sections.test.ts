import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type Command,
  internalSubmission,
  type JournalRecord,
  saveSections,
  type TransactionRecord,
} from '@pocketnet/ledger';
import { firstValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { settled, tapsAndAnAcceptedOffer } from '../../testing/devnet-day.test-helper.ts';
import { defaultDevnetConfig } from '../devnet/start-devnet.ts';
import type { PocketnetNode } from '../node/create-node.ts';
import { nodeOfParticipant } from '../node/create-participant.ts';
import { unrestrictedCaller } from '../services/caller.ts';
import type { UpdateFormat } from '../services/update-views.ts';
import type { EventFilter, PartyFilter } from '../views/event-filter.ts';
import { harnessConfig, sectionsThreeWays, type ThreeWays } from './sections-harness.ts';

// Issue 23: the runtime's core projections (update log, contract events, active contracts,
// watched templates, the synchronizers' migration, uploaded Daml-LF packages) saved live, after
// a replay and after a restore of the live save are equal, and the Ledger API reads over them
// answer alike on the replayed and the restored node.

const config = { ...harnessConfig(null), participantName: 'core-participant' };

/** LocalNet's participants: the SV's, then the app-provider's and the app-user's. */
const localNetLayout = { participantName: 'sv', participants: ['app-provider', 'app-user'] };

const coreSections = (name: string) =>
  name.startsWith('projections.') ||
  name.startsWith('synchronizers.') ||
  name.startsWith('packages.lf-');
/** Ours, and the ledger engine's, so the restored node takes a command after the restore. */
const restoredSections = {
  only: (name: string) => coreSections(name) || name.startsWith('ledger.'),
};
const pick = (saved: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(saved).filter(([name]) => coreSections(name)));

const wildcard: PartyFilter = {
  wildcard: { includeCreatedEventBlob: false },
  templates: new Map(),
  interfaces: new Map(),
};
const anyParty: EventFilter = { byParty: new Map(), anyParty: wildcard, verbose: true };
const everyUpdate: UpdateFormat = {
  transactions: { filter: anyParty, shape: 'LEDGER_EFFECTS' },
  topologyParties: [],
};

const contractIdsOf = (records: readonly JournalRecord[]) =>
  records.flatMap((record) =>
    record.type === 'transaction'
      ? record.nodes.flatMap((node) => (node.kind === 'created' ? [node.contractId] : []))
      : [],
  );

/**
 * Completions the node has for each user that submitted, and the parties it acted as, as a
 * stream from offset 0 gives them at once.
 */
function completionsOf(node: PocketnetNode, records: readonly JournalRecord[]) {
  const submitters = new Map<string, Set<string>>();
  for (const record of records) {
    if (record.type !== 'transaction' || record.submission === null) continue;
    const { userId, actAs } = record.submission;
    submitters.set(userId, new Set([...(submitters.get(userId) ?? []), ...actAs]));
  }
  const seen: unknown[] = [];
  for (const [userId, parties] of submitters) {
    node.completions
      .completions$(unrestrictedCaller, { userId, parties: [...parties], beginExclusive: 0 })
      .subscribe((completion) => seen.push(completion))
      .unsubscribe();
  }
  return seen;
}

/** What a read answers, or the message of the error it throws (an update not found, …). */
function answerOf<TAnswer>(read: () => TAnswer): TAnswer | { readonly error: string } {
  try {
    return read();
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** The Ledger API's reads over the core projections. */
async function readsOf(node: PocketnetNode, records: readonly JournalRecord[]) {
  const caller = unrestrictedCaller;
  const end = node.reads.ledgerEnd(caller);
  const updateIds = records.flatMap((record) =>
    record.type === 'transaction' ? [record.updateId] : [],
  );
  return {
    end,
    updates: await firstValueFrom(
      node.reads
        .updates$(caller, everyUpdate, { beginExclusive: 0, endInclusive: end })
        .pipe(toArray()),
    ),
    page: node.reads.updatesPage(caller, everyUpdate, {
      beginExclusive: 3,
      endInclusive: null,
      maxPageSize: 5,
      descending: true,
      pageToken: null,
    }),
    byId: [...updateIds, `${updateIds[0]?.slice(0, -1)}0`].map((updateId) =>
      answerOf(() => node.reads.updateById(caller, everyUpdate, updateId)),
    ),
    byOffset: answerOf(() => node.reads.updateByOffset(caller, everyUpdate, Math.ceil(end / 2))),
    events: [...contractIdsOf(records), '00unknown'].map((contractId) =>
      answerOf(() => node.lookups.eventsByContractId(caller, contractId, anyParty)),
    ),
    active: node.reads.activeContracts(caller, anyParty, end),
    activeBefore: node.reads.activeContracts(caller, anyParty, Math.ceil(end / 2)),
    completions: completionsOf(node, records),
    packages: node.packageAdmin.list(caller),
  };
}

/**
 * An Iou of the history transferred, on the replayed and the restored node alike: a contract
 * the restored projections hold archived, and one created after the restore.
 */
async function transferAnIou(node: PocketnetNode): Promise<TransactionRecord> {
  const [iou] = node.reads
    .activeContracts(unrestrictedCaller, anyParty, node.reads.ledgerEnd(unrestrictedCaller))
    .filter(
      (entry) => entry.event.kind === 'created' && entry.event.node.templateId.endsWith(':Iou:Iou'),
    );
  if (iou?.event.kind !== 'created') throw new Error('no Iou to transfer');
  const { node: created } = iou.event;
  const { owner, issuer } = created.createArgument as { owner: string; issuer: string };
  return node.commands.submitAndWait(
    unrestrictedCaller,
    internalSubmission({
      userId: 'core-sections',
      commandId: 'after-restore',
      actAs: [owner],
      commands: [
        {
          kind: 'exercise',
          templateId: created.templateId,
          contractId: created.contractId,
          choice: 'Iou_Transfer',
          choiceArgument: { newOwner: issuer },
        },
      ],
    }),
  );
}

async function expectSameReads(ways: ThreeWays) {
  const { replayed, restored } = ways.nodes;
  try {
    expect(Object.keys(ways.live)).toEqual(
      expect.arrayContaining([
        'projections.update-log',
        'projections.contract-events',
        'projections.active-contracts',
        'projections.watched-templates',
        `projections.participant.${restored.participant.participantId}`,
        'packages.lf-uploads',
        'synchronizers.projection',
      ]),
    );
    expect(pick(ways.replayed)).toEqual(pick(ways.live));
    expect(pick(ways.restored)).toEqual(pick(ways.live));
    const reads = await readsOf(restored, ways.records);
    expect(reads.updates.length).toBeGreaterThan(0);
    expect(reads).toEqual(await readsOf(replayed, ways.records));
    const transfers = [await transferAnIou(replayed), await transferAnIou(restored)] as const;
    expect(transfers[1]).toEqual(transfers[0]);
    const records = [...ways.records, transfers[0]];
    expect(await readsOf(restored, records)).toEqual(await readsOf(replayed, records));
    expect(pick(saveSections(restored.undo))).toEqual(pick(saveSections(replayed.undo)));
  } finally {
    await ways.nodes.replayed.close();
    await ways.nodes.restored.close();
  }
}

const dar = readFileSync(
  fileURLToPath(
    new URL('../../../../shared/dars/splice-api-featured-app-v1-1.0.0.dar', import.meta.url),
  ),
);
const iou = '#pocketnet-examples:Iou:Iou';

async function iouScenario(node: PocketnetNode): Promise<void> {
  const [bank = '', alice = '', bob = ''] = await Promise.all(
    ['iou-bank', 'iou-alice', 'iou-bob'].map(
      async (partyIdHint) =>
        (await node.admin.allocateParty(unrestrictedCaller, { partyIdHint })).party,
    ),
  );
  const submit = (actAs: string[], commandId: string, command: Command) =>
    node.commands.submitAndWait(
      unrestrictedCaller,
      internalSubmission({ userId: 'core-sections', commandId, actAs, commands: [command] }),
    );
  const created = (record: TransactionRecord) => record.nodes[0]?.contractId ?? '';
  await node.packageAdmin.upload(unrestrictedCaller, dar, {
    validateOnly: false,
    vetAllPackages: true,
  });
  for (let index = 0; index < 12; index += 1) {
    const owner = index % 2 === 0 ? alice : bob;
    const issued = await submit([bank, owner], `issue-${index}`, {
      kind: 'create',
      templateId: iou,
      createArguments: { issuer: bank, owner, currency: 'USD', amount: '10.0', observers: [] },
    });
    if (index % 3 !== 0) continue;
    const exercise = (choice: string, choiceArgument: { newOwner: string }): Command => ({
      kind: 'exercise',
      templateId: iou,
      contractId: created(issued),
      choice,
      choiceArgument,
    });
    const other = owner === alice ? bob : alice;
    await submit([owner], `move-${index}`, exercise('Iou_Transfer', { newOwner: other }));
  }
}

describe('the core projections’ state sections, three ways', () => {
  it('are equal on a bare ledger with Ious and an upload, and the Ledger API reads answer alike', async () => {
    const ways = await sectionsThreeWays(
      { ...config, devnet: null },
      iouScenario,
      restoredSections,
    );
    await expectSameReads(ways);
  });

  it('are equal on a devnet with taps, onboarding and an offer, and reads answer alike', async () => {
    const ways = await sectionsThreeWays(
      { ...config, devnet: { ...defaultDevnetConfig, seed: '0' } },
      async (node) => {
        await tapsAndAnAcceptedOffer(node);
        await iouScenario(node);
        await settled(node);
      },
      restoredSections,
    );
    await expectSameReads(ways);
  });

  it('are equal on LocalNet’s three participants, each participant’s projection under its id', async () => {
    const ways = await sectionsThreeWays(
      { ...config, ...localNetLayout, devnet: null },
      async (node) => {
        const [, provider] = node.participants;
        if (provider === undefined) throw new Error('LocalNet has an app-provider');
        // On the app-provider's participant: the others hear of its upload and its parties.
        await iouScenario(nodeOfParticipant(node, provider));
      },
      restoredSections,
    );
    const { replayed, restored } = ways.nodes;
    try {
      const names = restored.participants.map(
        (each) => `projections.participant.${each.participant.participantId}`,
      );
      expect(Object.keys(ways.live)).toEqual(expect.arrayContaining(names));
      expect(pick(ways.replayed)).toEqual(pick(ways.live));
      expect(pick(ways.restored)).toEqual(pick(ways.live));
      for (const [index, participant] of restored.participants.entries()) {
        const other = replayed.participants[index];
        if (other === undefined) throw new Error('the replayed node has fewer participants');
        const reads = await readsOf(nodeOfParticipant(restored, participant), ways.records);
        expect(reads).toEqual(await readsOf(nodeOfParticipant(replayed, other), ways.records));
      }
    } finally {
      await replayed.close();
      await restored.close();
    }
  });
});
