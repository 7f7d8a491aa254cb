import type { SubmissionAdmission } from '../http/submission-admission.ts';
import type { GraphQLServices } from './graphql-services.ts';

async function admitted<TResult>(
  admission: SubmissionAdmission,
  run: () => Promise<TResult>,
): Promise<TResult> {
  const ticket = admission.admit();
  try {
    const result = await run();
    admission.release(ticket);
    return result;
  } catch (error) {
    // A refusal is quick and says nothing about how loaded the node is: not a latency sample.
    admission.release(ticket, true);
    throw error;
  }
}

type Commands = GraphQLServices['commands'];

/**
 * The command service as GraphQL's resolvers see it: submission goes through the gateway's
 * admission, as REST submissions do, so `submitCommands` is refused with
 * PARTICIPANT_BACKPRESSURE under the same limits.
 */
export function withAdmittedCommands(commands: Commands, admission: SubmissionAdmission): Commands {
  return {
    submitAndWait: (caller, submission) =>
      admitted(admission, () => commands.submitAndWait(caller, submission)),
    submit: (caller, submission) => admitted(admission, () => commands.submit(caller, submission)),
  };
}
