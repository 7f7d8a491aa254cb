import type { SubmitRequest } from '../commands.ts';
import { domainError } from '../errors.ts';
import { isExternalParty } from '../external/external-party-state.ts';
import type { ParticipantState } from '../participant/participant-state.ts';
import { checkDeduplicationPeriod } from './deduplication.ts';

export type SubmissionContext = {
  readonly participant: ParticipantState;
  readonly synchronizerId: string;
  /** Every synchronizer connected (reassignment/); just `synchronizerId` when absent. */
  readonly connected?: readonly string[];
  readonly maxDeduplicationMicros: bigint;
  /** An externally signed (interactive) submission: its submitters are external parties. */
  readonly external?: boolean;
};

function requireField(present: boolean, field: string): void {
  if (!present) {
    throw domainError(
      'MISSING_FIELD',
      `The submitted command is missing a mandatory field: ${field}`,
      {
        field_name: field,
      },
    );
  }
}

/**
 * What the participant checks before interpreting a submission: the mandatory fields, that it
 * hosts every submitter, knows every reader, and can reach the requested synchronizer.
 */
export function checkSubmission(request: SubmitRequest, context: SubmissionContext): void {
  requireField(request.commands.length > 0, 'commands');
  requireField(request.commandId !== '', 'command_id');
  requireField(request.userId !== '', 'user_id');
  requireField(request.actAs.length > 0, 'act_as');
  const { parties } = context.participant;
  // External parties are hosted with Confirmation permission: only their own signatures
  // submit for them, through interactive submission.
  const external = context.external === true;
  const unhosted = request.actAs.filter(
    (party) =>
      parties.get(party)?.isLocal !== true ||
      isExternalParty(context.participant.externalParties, party) !== external,
  );
  if (unhosted.length > 0) {
    // Canton names this NO_SYNCHRONIZER_ON_WHICH_ALL_SUBMITTERS_CAN_SUBMIT; the closest code the
    // catalogue has is NO_SYNCHRONIZER_FOR_SUBMISSION.
    throw domainError(
      'NO_SYNCHRONIZER_FOR_SUBMISSION',
      'This participant cannot submit as the given submitter on any connected synchronizer',
      { unknownSubmitters: unhosted.join(', ') },
    );
  }
  const unknownReaders = request.readAs.filter((party) => !parties.has(party));
  if (unknownReaders.length > 0) {
    throw domainError(
      'PARTY_NOT_KNOWN_ON_LEDGER',
      `Parties not known on ledger: [${unknownReaders.join(', ')}]`,
      { parties: unknownReaders.join(', ') },
    );
  }
  const requested = request.synchronizerId;
  const connected = context.connected ?? [context.synchronizerId];
  if (requested !== null && requested !== '' && !connected.includes(requested)) {
    throw domainError(
      'NO_SYNCHRONIZER_FOR_SUBMISSION',
      `No valid synchronizer for submission found: the participant is not connected to synchronizer ${requested}`,
      { synchronizerId: requested },
    );
  }
  checkDeduplicationPeriod(request.deduplicationPeriod, context.maxDeduplicationMicros);
}
