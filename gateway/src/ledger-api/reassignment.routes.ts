import type { ReassignmentCommand } from '@pocketnet/ledger';
import type { ReassignmentSubmission } from '@pocketnet/runtime';
import type { LedgerApiRequest } from '@pocketnet/schema';
import { Router } from 'express';
import { decodeLedgerRequest as decode } from '../http/decode-body.ts';
import { createJsonBodyParser } from '../http/json-body.middleware.ts';
import { invalidParameter } from '../http/request-body-error.ts';
import { type EventFormatJson, toEventFilter } from './event-format.ts';
import { renderReassignment } from './render/reassignment.render.ts';
import { callerOf, type LedgerApiDeps } from './route-deps.ts';

type ReassignmentCommands = LedgerApiRequest<'SubmitReassignmentRequest'>['reassignmentCommands'];
type CommandJson = ReassignmentCommands['commands'][number];

function toCommand({ command }: CommandJson): ReassignmentCommand {
  if (command && 'UnassignCommand' in command) {
    return { kind: 'unassign', ...command.UnassignCommand.value };
  }
  if (command && 'AssignCommand' in command)
    return { kind: 'assign', ...command.AssignCommand.value };
  throw invalidParameter(
    'body',
    'a reassignment command must be an AssignCommand or an UnassignCommand',
  );
}

/** ReassignmentCommands as the runtime takes them; a missing submission id is generated. */
export function toReassignmentSubmission(body: ReassignmentCommands): ReassignmentSubmission {
  return {
    userId: body.userId ?? '',
    commandId: body.commandId,
    submissionId: body.submissionId || crypto.randomUUID(),
    workflowId: body.workflowId ?? '',
    submitter: body.submitter,
    commands: body.commands.map(toCommand),
  };
}

/**
 * Contract reassignment between the node's synchronizers (issue 10): the asynchronous submit,
 * whose outcome the completion stream reports, and submit-and-wait, which answers with the
 * reassignment as the event format shows it (without events when none is given).
 */
export function reassignmentRoutes({ node }: LedgerApiDeps): Router {
  const router = Router();
  router.post(
    '/v2/commands/async/submit-reassignment',
    createJsonBodyParser(),
    async (req, res) => {
      const { reassignmentCommands } = decode('SubmitReassignmentRequest', req.body);
      await node.reassignments.submit(
        callerOf(res),
        toReassignmentSubmission(reassignmentCommands),
      );
      res.json({});
    },
  );
  router.post(
    '/v2/commands/submit-and-wait-for-reassignment',
    createJsonBodyParser(),
    async (req, res) => {
      const body = decode('SubmitAndWaitForReassignmentRequest', req.body);
      const submission = toReassignmentSubmission(body.reassignmentCommands);
      const record = await node.reassignments.submitAndWait(callerOf(res), submission);
      const filter = body.eventFormat
        ? toEventFilter(body.eventFormat as EventFormatJson, node.catalog)
        : null;
      const view = filter ? node.reassignments.view(record, filter) : null;
      res.json({ reassignment: renderReassignment(view ?? { record, events: [] }) });
    },
  );
  return router;
}
