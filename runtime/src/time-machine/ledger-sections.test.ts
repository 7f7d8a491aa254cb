import { internalSubmission, type SubmitRequest, type TransactionRecord } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { settled, tapsAndAnAcceptedOffer } from '../../testing/devnet-day.test-helper.ts';
import { defaultDevnetConfig } from '../devnet/start-devnet.ts';
import type { PocketnetNode } from '../node/create-node.ts';
import { unrestrictedCaller } from '../services/caller.ts';
import { harnessConfig, sectionsThreeWays, type ThreeWays } from './sections-harness.ts';

// Issue 23: the ledger package's holders (the engine's contracts, deduplication, offsets and
// record times, participants, synchronizers, interactive submissions) saved live, after a
// replay and after a restore of the live save are equal, and the restored engine answers as
// the replayed one.

const config = harnessConfig(null);

/**
 * Every saved section is restored (the other helpers' too, where they have one), but without
 * background work; the ledger package's are compared.
 */
const everySection = { only: () => true };
const ledgerSections = (saved: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(saved).filter(([name]) => name.startsWith('ledger.')));
const iou = '#pocketnet-examples:Iou:Iou';

function request(actAs: readonly string[], commandId: string, owner: string): SubmitRequest {
  const [issuer = ''] = actAs;
  const createArguments = { issuer, owner, currency: 'USD', amount: '10.0', observers: [] };
  const commands = [{ kind: 'create' as const, templateId: iou, createArguments }];
  return internalSubmission({ commands, userId: 'ledger-sections', commandId, actAs });
}

/** The engine's answers a restored node must give as the replayed one does. */
function answersOf(node: PocketnetNode) {
  const { engine } = node;
  return {
    ledgerEnd: engine.ledgerEnd(),
    contracts: [...engine.contracts.values()],
    offsets: [...engine.contracts.values()].map((c) =>
      engine.contracts.createdOffsetOf(c.contractId),
    ),
    participants: node.participants.map(({ engine: each }) => ({
      parties: [...each.participant.parties],
      users: [...each.participant.users],
      vetting: each.participant.vetting,
      externalParties: [...each.participant.externalParties],
    })),
  };
}

async function verdictOf(node: PocketnetNode, submission: SubmitRequest) {
  return node.engine.submit(submission).then(
    (record: TransactionRecord) => ({ offset: record.offset, recordTime: record.recordTime }),
    (error: { code?: string; details?: unknown }) => ({ code: error.code, details: error.details }),
  );
}

async function expectSameLedger(ways: ThreeWays, repeated: SubmitRequest, owner: string) {
  const { replayed, restored } = ways.nodes;
  const live = ledgerSections(ways.live);
  expect(ledgerSections(ways.replayed)).toEqual(live);
  expect(ledgerSections(ways.restored)).toEqual(live);
  expect(answersOf(restored)).toEqual(answersOf(replayed));
  const duplicate = await verdictOf(restored, repeated);
  expect(duplicate).toMatchObject({ code: 'DUPLICATE_COMMAND' });
  expect(duplicate).toEqual(await verdictOf(replayed, repeated));
  // A commit is published to every projection: it needs the update log restored too (its
  // section is sec-core's); until it has one, the restored node's log is empty and refuses it.
  if (restored.reads.ledgerEnd(unrestrictedCaller) !== restored.engine.ledgerEnd()) return;
  const next = request(repeated.actAs, 'after-restore', owner);
  const fromRestored = await verdictOf(restored, next);
  expect(fromRestored).toMatchObject({ offset: replayed.engine.ledgerEnd() + 1 });
  expect(fromRestored).toEqual(await verdictOf(replayed, next));
}

describe('the ledger package’s state sections, three ways', () => {
  it('are equal live, replayed and restored on a bare ledger with Ious, and answer alike', async () => {
    let parties: string[] = [];
    const ways = await sectionsThreeWays(
      { ...config, devnet: null },
      async (node) => {
        const [bank, alice] = await Promise.all(
          ['bank', 'alice'].map((partyIdHint) =>
            node.admin.allocateParty(unrestrictedCaller, { partyIdHint }),
          ),
        );
        parties = [bank?.party ?? '', alice?.party ?? ''];
        await node.admin.createUser(unrestrictedCaller, {
          user: { id: 'alice', primaryParty: parties[1] ?? '' },
          rights: [{ kind: 'CanActAs', party: parties[1] ?? '' }],
        });
        for (let index = 0; index < 30; index += 1) {
          const created = await node.engine.submit(
            request(parties, `iou-${index}`, parties[1] ?? ''),
          );
          const contractId = created.nodes[0]?.contractId ?? '';
          if (index % 3 === 0) {
            await node.engine.submit({
              ...request(parties, `split-${index}`, ''),
              commands: [
                {
                  kind: 'exercise',
                  templateId: iou,
                  contractId,
                  choice: 'Iou_Split',
                  choiceArgument: { splitAmount: '4.0' },
                },
              ],
            });
          }
        }
      },
      everySection,
    );
    try {
      expect(Object.keys(ways.live)).toEqual(
        expect.arrayContaining([
          'ledger.engine',
          'ledger.contracts',
          'ledger.deduplication',
          'ledger.synchronizers',
          'ledger.published-end',
        ]),
      );
      await expectSameLedger(ways, request(parties, 'iou-7', parties[1] ?? ''), parties[1] ?? '');
    } finally {
      await ways.nodes.replayed.close();
      await ways.nodes.restored.close();
    }
  });

  it('are equal live, replayed and restored on a devnet with taps, onboarding and an offer', async () => {
    let operator = '';
    const ways = await sectionsThreeWays(
      { ...config, devnet: { ...defaultDevnetConfig, seed: '0' } },
      async (node) => {
        operator = node.wallet.validatorUser().partyId;
        await tapsAndAnAcceptedOffer(node);
        await settled(node);
      },
      everySection,
    );
    try {
      expect(Object.keys(ways.live)).toEqual(
        expect.arrayContaining([
          'ledger.contracts',
          `ledger.interactive.${ways.nodes.restored.participant.participantId}`,
        ]),
      );
      // The devnet's own commands are remembered: resubmitting the first tap is a duplicate.
      const duplicateOf = ways.records.find(
        (record) => record.type === 'transaction' && record.submission?.actAs.includes(operator),
      );
      if (duplicateOf?.type !== 'transaction' || duplicateOf.submission === null) {
        throw new Error('no submitted transaction of the operator');
      }
      const repeated = request(
        duplicateOf.submission.actAs,
        duplicateOf.submission.commandId,
        operator,
      );
      await expectSameLedger(
        ways,
        { ...repeated, userId: duplicateOf.submission.userId },
        operator,
      );
    } finally {
      await ways.nodes.replayed.close();
      await ways.nodes.restored.close();
    }
  });

  it('are equal live, replayed and restored with LocalNet’s three participants, each its own', async () => {
    let parties: string[] = [];
    const ways = await sectionsThreeWays(
      {
        ...config,
        participantName: 'sv',
        participants: ['app-provider', 'app-user'],
        devnet: null,
      },
      async (node) => {
        parties = [];
        for (const [position, participant] of node.participants.entries()) {
          const hint = `party-${position}`;
          const { party } = await participant.admin.allocateParty(unrestrictedCaller, {
            partyIdHint: hint,
          });
          await participant.admin.createUser(unrestrictedCaller, {
            user: { id: `user-${position}`, primaryParty: party },
            rights: [{ kind: 'CanActAs', party }],
          });
          parties.push(party);
        }
        const [bank = '', alice = ''] = parties;
        await node.engine.submit(request([bank], 'iou-sv', bank));
        await node.participants[1]?.engine.submit(request([alice], 'iou-provider', alice));
      },
      everySection,
    );
    try {
      const names = Object.keys(ledgerSections(ways.live));
      expect(names.filter((name) => name.startsWith('ledger.participant.'))).toHaveLength(3);
      expect(names.filter((name) => name.startsWith('ledger.interactive.'))).toHaveLength(3);
      const [bank = '', alice = ''] = parties;
      await expectSameLedger(ways, request([bank], 'iou-sv', bank), bank);
      const provider = (node: PocketnetNode) => node.participants[1]?.engine.participant;
      expect(provider(ways.nodes.restored)?.users).toEqual(provider(ways.nodes.replayed)?.users);
      expect(provider(ways.nodes.restored)?.parties.get(alice)?.isLocal).toBe(true);
    } finally {
      await ways.nodes.replayed.close();
      await ways.nodes.restored.close();
    }
  });
});
