import type { ExternalParty } from '../external/external-party-state.ts';
import type { StateSection } from '../undo/state-sections.ts';
import type {
  IdentityProviderEntry,
  ParticipantState,
  PartyEntry,
  UserEntry,
} from './participant-state.ts';

/**
 * A participant's state in a state file (issue 23): its entries as they are (plain JSON
 * already), in each map's order, which is the order reads list them in.
 */
export type SavedParticipantState = {
  readonly parties: readonly PartyEntry[];
  readonly users: readonly UserEntry[];
  readonly identityProviders: readonly IdentityProviderEntry[];
  readonly vetting: {
    readonly serial: number;
    readonly unvetted: readonly string[];
    readonly uploaded: readonly string[];
    readonly elsewhere: readonly string[];
  };
  readonly externalParties: readonly ExternalParty[];
};

/**
 * The section of a participant's state, for whichever holder keeps one (the engine's, a
 * node's participant projection) under a name of its own.
 */
export function participantStateSection(
  state: ParticipantState,
): StateSection<SavedParticipantState> {
  return {
    save: () => ({
      parties: [...state.parties.values()],
      users: [...state.users.values()],
      identityProviders: [...state.identityProviders.values()],
      vetting: {
        serial: state.vetting.serial,
        unvetted: [...state.vetting.unvetted],
        uploaded: [...state.vetting.uploaded],
        elsewhere: [...state.vetting.elsewhere],
      },
      externalParties: [...state.externalParties.values()],
    }),
    restore(saved) {
      for (const entry of saved.parties) state.parties.set(entry.party, entry);
      // The participant admin a fresh state starts with is among the saved users, as it was.
      state.users.clear();
      for (const user of saved.users) state.users.set(user.id, user);
      for (const provider of saved.identityProviders) {
        state.identityProviders.set(provider.identityProviderId, provider);
      }
      state.vetting.serial = saved.vetting.serial;
      for (const packageId of saved.vetting.unvetted) state.vetting.unvetted.add(packageId);
      for (const packageId of saved.vetting.uploaded) state.vetting.uploaded.add(packageId);
      for (const packageId of saved.vetting.elsewhere) state.vetting.elsewhere.add(packageId);
      for (const party of saved.externalParties) state.externalParties.set(party.party, party);
    },
  };
}
