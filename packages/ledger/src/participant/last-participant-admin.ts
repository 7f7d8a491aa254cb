import { invalidRequest } from './admin-errors.ts';
import type { ParticipantState, UserEntry } from './participant-state.ts';
import { isParticipantAdmin } from './user-rights.ts';

const isActiveAdmin = (user: UserEntry): boolean => !user.isDeactivated && isParticipantAdmin(user);

/**
 * Refuses a change that would take away the last active holder of ParticipantAdmin: nobody
 * could grant the right again, and the participant would be locked for good (journal replays
 * keep it so across restarts). Canton leaves this to the operator; a node that anyone with an
 * admin token can lock out refuses it as invalid, as Canton refuses a self-deactivation.
 */
export function requireAnotherActiveAdmin(
  state: ParticipantState,
  user: UserEntry,
  operation: string,
): void {
  if (!isActiveAdmin(user)) return;
  for (const other of state.users.values()) {
    if (other.id !== user.id && isActiveAdmin(other)) return;
  }
  throw invalidRequest(
    `${operation} would leave the participant without an active user holding ParticipantAdmin (user "${user.id}" is the last one)`,
  );
}
