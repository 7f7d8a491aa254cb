import { describe, expect, it } from 'vitest';
import {
  iouTemplate,
  startMicros,
  submission,
  synchronizerId,
} from '../../testing/engine.test-helper.ts';
import { createSimulatedClock } from '../clock.ts';
import { examplePackages } from '../examples/examples-package.ts';
import { makeParticipantId } from '../ids/ledger-ids.ts';
import { createPartyId } from '../ids/party-id.ts';
import { createMemoryJournal } from '../journal/memory-journal.ts';
import type { Journal } from '../journal.ts';
import { createPackageRegistry } from '../packages/registry.ts';
import { participantNamespace } from '../participant/identifiers.ts';
import type { ParticipantState } from '../participant/participant-state.ts';
import { planCreateUser } from '../participant/users.ts';
import type { JournalRecord, TopologyRecord } from '../transaction.ts';
import { createLedgerEngine } from './ledger-engine.ts';

// Several participants on one synchronizer (issue 22): one writer, one journal and one ordering
// of transactions; each participant hosts its own parties and keeps its own users.

const providerId = makeParticipantId('app-provider');
const userId = makeParticipantId('app-user');
const provider = createPartyId('app_provider', participantNamespace(providerId));
const customer = createPartyId('app_user', participantNamespace(userId));

/** Hosts the parties on the participant that commits the plan. */
const hostOn =
  (parties: readonly string[]) =>
  (state: ParticipantState, offset: number, updateId: string, recordTime: string) =>
    ({
      type: 'topology',
      offset,
      updateId,
      synchronizerId,
      recordTime,
      participantId: state.participantId,
      parties,
      annotations: {},
      identityProviderId: '',
      grantedTo: null,
    }) satisfies TopologyRecord;

async function startSynchronizer(journal: Journal) {
  const published: JournalRecord[] = [];
  const engine = createLedgerEngine({
    journal,
    clock: createSimulatedClock(startMicros),
    packages: createPackageRegistry(examplePackages),
    participantId: providerId,
    synchronizerId,
    publish: (record) => published.push(record),
  });
  const second = engine.addParticipant(userId);
  await engine.recover();
  return { engine, second, published };
}

const iouFor = (observers: readonly string[]) => ({
  kind: 'create' as const,
  templateId: iouTemplate,
  createArguments: {
    issuer: customer,
    owner: customer,
    currency: 'USD',
    amount: '10.0',
    observers,
  },
});

describe('participants on one synchronizer', () => {
  it('host their own parties and know the others', async () => {
    const { engine, second } = await startSynchronizer(createMemoryJournal());
    await engine.commitTopology(hostOn([provider]));
    await second.commitTopology(hostOn([customer]));
    expect(engine.participant.parties.get(provider)?.isLocal).toBe(true);
    expect(engine.participant.parties.get(customer)?.isLocal).toBe(false);
    expect(second.participant.parties.get(customer)?.isLocal).toBe(true);
    expect(second.participant.parties.get(provider)?.isLocal).toBe(false);
  });

  it('commit a transaction between them once, in the one ordering, submitted where its submitter is hosted', async () => {
    const { engine, second, published } = await startSynchronizer(createMemoryJournal());
    await engine.commitTopology(hostOn([provider]));
    await second.commitTopology(hostOn([customer]));
    const request = submission([iouFor([provider])], { actAs: [customer] });
    const committed = await second.submit(request);
    expect(published.filter((record) => record.type === 'transaction')).toEqual([committed]);
    expect(committed.offset).toBe(3);
    expect(engine.ledgerEnd()).toBe(3);
    expect(engine.contracts.size).toBe(1);
    // The app-provider participant does not host the customer: it cannot submit for it.
    const elsewhere = submission([iouFor([provider])], { actAs: [customer] });
    await expect(engine.submit(elsewhere)).rejects.toThrow(/cannot submit as the given submitter/);
    expect(engine.ledgerEnd()).toBe(3);
  });

  it('keep their users apart, and a restart brings every participant back', async () => {
    const journal = createMemoryJournal();
    const { engine, second, published } = await startSynchronizer(journal);
    await second.commitTopology(hostOn([customer]));
    await second.commitAdmin(
      planCreateUser({
        user: { id: 'app-user', primaryParty: customer },
        rights: [{ kind: 'CanActAs', party: customer }],
      }),
    );
    await engine.commitAdmin(planCreateUser({ user: { id: 'ledger-api-user' } }));
    const admins = published.filter((record) => record.type === 'admin');
    expect(admins.map((record) => record.participantId)).toEqual([userId, undefined]);
    expect([...second.participant.users.keys()].sort()).toEqual(['app-user', 'participant_admin']);
    expect([...engine.participant.users.keys()].sort()).toEqual([
      'ledger-api-user',
      'participant_admin',
    ]);

    const restarted = await startSynchronizer(journal);
    expect(restarted.second.participant.users).toEqual(second.participant.users);
    expect(restarted.second.participant.parties).toEqual(second.participant.parties);
    expect(restarted.engine.participant.users).toEqual(engine.participant.users);
    expect(restarted.engine.participant.parties).toEqual(engine.participant.parties);
  });

  it('join before the synchronizer recovers, once each', async () => {
    const { engine } = await startSynchronizer(createMemoryJournal());
    expect(() => engine.addParticipant(makeParticipantId('late'))).toThrow(/before its recovery/);
    const fresh = createLedgerEngine({
      journal: createMemoryJournal(),
      clock: createSimulatedClock(startMicros),
      packages: createPackageRegistry(examplePackages),
      participantId: providerId,
      synchronizerId,
      publish: () => {},
    });
    expect(() => fresh.addParticipant(providerId)).toThrow(/already on the synchronizer/);
  });
});
