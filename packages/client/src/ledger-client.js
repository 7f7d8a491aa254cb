/** @import { Caller } from './client-types.js' */

/**
 * One choice to exercise, acting as `party` (one the token's user may act as).
 * @typedef {{
 *   templateId: string,
 *   contractId: string,
 *   choice: string,
 *   choiceArgument?: Record<string, unknown>,
 *   party: string,
 *   commandId?: string,
 * }} ExerciseRequest
 */

/**
 * The JSON Ledger API (`/v2`), as much of it as the pages use.
 * @param {Caller} call
 */
export function ledgerClient(call) {
  return {
    /**
     * Exercises one choice with `submit-and-wait`; answers the update's id and offset.
     * @param {ExerciseRequest} request
     * @returns {Promise<{ updateId: string, completionOffset: number }>}
     */
    exercise: (request) =>
      call('/v2/commands/submit-and-wait', {
        method: 'POST',
        body: {
          commands: [
            {
              ExerciseCommand: {
                templateId: request.templateId,
                contractId: request.contractId,
                choice: request.choice,
                choiceArgument: request.choiceArgument ?? {},
              },
            },
          ],
          commandId: request.commandId ?? `client-${crypto.randomUUID()}`,
          actAs: [request.party],
        },
      }),
  };
}
