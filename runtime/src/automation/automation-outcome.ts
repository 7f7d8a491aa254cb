import { isDomainError } from '@pocketnet/ledger';

/**
 * What an automation's runtime service reports: it changed the ledger, there was nothing to
 * do (a rerun whose command the ledger dropped as a duplicate), or its trigger no longer holds.
 */
export type AutomationOutcome = {
  readonly outcome: 'done' | 'noop' | 'stale';
  readonly detail?: string;
  /**
   * Stale because the ledger found this contract inactive when the job's command used it: a
   * concurrent commit spent it (the job may choose again, from a fresher view), or it is the
   * job's own trigger, gone for good.
   */
  readonly inactiveContract?: string;
  /** Nothing done because the wallet cannot pay yet (the reason): worth a try once it can. */
  readonly awaitingFunds?: string;
};

export const done = (detail: string): AutomationOutcome => ({ outcome: 'done', detail });
export const noop = (detail: string): AutomationOutcome => ({ outcome: 'noop', detail });
export const stale = (detail: string): AutomationOutcome => ({ outcome: 'stale', detail });

/**
 * The command id of a job's ledger command: the job's id (derived from its trigger), so that
 * a second run of the job submits a command the ledger deduplicates.
 */
export function commandIdOf(jobId: string, step?: string): string {
  return step === undefined ? `automation/${jobId}` : `automation/${jobId}/${step}`;
}

/**
 * Runs one ledger effect of a job: DUPLICATE_COMMAND means an earlier run of the same job
 * already committed it (noop); a contract that is gone means the trigger is stale.
 */
export async function effectOnce(
  effect: () => Promise<unknown>,
  detail: string,
): Promise<AutomationOutcome> {
  try {
    await effect();
    return done(detail);
  } catch (error) {
    if (isDomainError(error) && error.code === 'DUPLICATE_COMMAND') {
      return noop(`already done (the ledger dropped the duplicate command): ${detail}`);
    }
    if (isDomainError(error) && error.code === 'CONTRACT_NOT_FOUND') {
      const { contractId } = error.details;
      return {
        ...stale(`${detail}: ${error.message}`),
        ...(contractId === undefined ? {} : { inactiveContract: contractId }),
      };
    }
    throw error;
  }
}
