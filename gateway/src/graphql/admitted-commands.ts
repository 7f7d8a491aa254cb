import type { PocketnetNode } from '@pocketnet/runtime';
import type { SubmissionAdmission } from '../http/submission-admission.ts';

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

/**
 * The node as GraphQL's resolvers see it: command submission goes through the gateway's
 * admission, as REST submissions do, so `submitCommands` is refused with
 * PARTICIPANT_BACKPRESSURE under the same limits.
 */
export function withAdmittedCommands(
  node: PocketnetNode,
  admission: SubmissionAdmission,
): PocketnetNode {
  const { commands } = node;
  return {
    ...node,
    commands: {
      submitAndWait: (caller, submission) =>
        admitted(admission, () => commands.submitAndWait(caller, submission)),
      submit: (caller, submission) =>
        admitted(admission, () => commands.submit(caller, submission)),
    },
  };
}
