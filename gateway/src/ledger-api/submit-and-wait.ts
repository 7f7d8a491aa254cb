import type { Caller, LedgerApiService } from '@pocketnet/runtime';
import { decodeLedgerRequest } from '../http/decode-body.ts';
import { toSubmission } from './to-submission.ts';

/** POST /v2/commands/submit-and-wait's work, from a parsed body to its answer. */
export async function submitAndWait(
  node: LedgerApiService,
  caller: Caller,
  body: unknown,
): Promise<{ updateId: string; completionOffset: number }> {
  const commands = decodeLedgerRequest('JsCommands', body);
  const submission = toSubmission(commands, node.clock.nowMicros());
  const record = await node.commands.submitAndWait(caller, submission);
  return { updateId: record.updateId, completionOffset: record.offset };
}
