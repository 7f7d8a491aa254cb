import { isDomainError } from '@pocketnet/ledger';
import type { AutomationOutcome } from '@pocketnet/runtime';
import type { z } from 'zod';
import { handlingOf, PermanentJobError, reasonOf } from '../queue/job-errors.ts';
import type { AutomationJob, JobResult, Processor } from '../queue/job-types.ts';

/** The contract a CONTRACT_NOT_FOUND names: what a conflict rerun looks at. */
const inactiveContractOf = (error: unknown): { inactiveContract?: string } => {
  const contractId = isDomainError(error) ? error.details.contractId : undefined;
  return isDomainError(error) && error.code === 'CONTRACT_NOT_FOUND' && contractId !== undefined
    ? { inactiveContract: contractId }
    : {};
};

const issuesOf = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.map(String).join('.') || 'data'}: ${issue.message}`);

/**
 * A processor, thin by construction: parse the job's data (bad data fails for good), call one
 * runtime service, answer its done / noop / stale. A failure the ledger reports as a duplicate
 * (an earlier run committed) is a noop, a missing contract stale, a refusal permanent, and
 * anything else is retried.
 */
export function defineProcessor<TSchema extends z.ZodType>(
  schema: TSchema,
  run: (
    data: z.output<TSchema>,
    job: AutomationJob,
    signal: AbortSignal,
  ) => Promise<AutomationOutcome>,
): Processor {
  return async (job, signal): Promise<JobResult> => {
    const parsed = schema.safeParse(job.data);
    if (!parsed.success) {
      throw new PermanentJobError(`invalid job data: ${issuesOf(parsed.error).join('; ')}`);
    }
    try {
      return await run(parsed.data, job, signal);
    } catch (error) {
      const handling = handlingOf(error);
      if (handling === 'noop' || handling === 'stale') {
        return { outcome: handling, detail: reasonOf(error), ...inactiveContractOf(error) };
      }
      if (handling === 'permanent') throw new PermanentJobError(reasonOf(error));
      throw error;
    }
  };
}
