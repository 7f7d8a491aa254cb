import { describe, expect, it } from 'vitest';
import { alice, participantId, startEngine } from '../../testing/engine.test-helper.ts';
import { createMemoryJournal } from '../journal/memory-journal.ts';
import { historyOf } from '../undo/state-sections.ts';
import { createUndoLog } from '../undo/undo-log.ts';
import { participantStateSection } from './participant-section.ts';
import { createParticipantState, type ParticipantState } from './participant-state.ts';
import { planCreateUser } from './users.ts';

// Issue 23: a participant's state comes back from its section as it was, in each map's order.

const everything = (state: ParticipantState) => ({
  parties: [...state.parties],
  users: [...state.users],
  identityProviders: [...state.identityProviders],
  vetting: {
    serial: state.vetting.serial,
    unvetted: [...state.vetting.unvetted],
    uploaded: [...state.vetting.uploaded],
    elsewhere: [...state.vetting.elsewhere],
  },
  externalParties: [...state.externalParties],
});

describe('participant state: its section', () => {
  it('restores parties, users, rights, providers and vetting, in order', async () => {
    const { engine } = await startEngine(createMemoryJournal(), { host: true });
    await engine.commitAdmin(
      planCreateUser({
        user: { id: 'alice-user', primaryParty: alice },
        rights: [{ kind: 'CanActAs', party: alice }],
      }),
    );
    await engine.commitAdmin(planCreateUser({ user: { id: 'another' } }));
    const state = engine.participant;
    state.vetting.serial = 3;
    state.vetting.unvetted.add('package-a');
    state.vetting.elsewhere.add('package-a');
    state.vetting.uploaded.add('package-b');
    const saved = JSON.parse(JSON.stringify(participantStateSection(state).save()));

    const restored = createParticipantState(participantId, true, createUndoLog());
    participantStateSection(restored).restore(saved, historyOf([]));
    expect(everything(restored)).toEqual(everything(state));
    expect(participantStateSection(restored).save()).toEqual(saved);
    expect([...restored.users.keys()]).toEqual(['participant_admin', 'alice-user', 'another']);
  });
});
