import type { ParticipantState } from '@pocketnet/ledger';
import { type Access, accessOf, type Caller } from '../services/caller.ts';
import type { ActorEntry } from './actor-effects.ts';
import type { WorkflowContext } from './machine-catalog.ts';

/**
 * Who sees an actor: as with contracts, a caller that can read one of the workflow's parties;
 * participant admins and readers of any party see every actor, every authenticated caller sees
 * the network's rounds, and a user sees its own onboarding before it has a party.
 */
export function isVisibleTo(access: Access, entry: ActorEntry): boolean {
  if (access.isAdmin || access.readsAnyParty || entry.binding.public) return true;
  const context = entry.context as WorkflowContext;
  if (context.userId !== undefined && context.userId === access.userId) return true;
  return context.parties.some((party) => access.canReadAs(party));
}

/** The caller's access, or null for a caller that is unknown or deactivated. */
export function accessOrNull(caller: Caller, participant: ParticipantState): Access | null {
  try {
    return accessOf(caller, participant);
  } catch {
    return null;
  }
}
