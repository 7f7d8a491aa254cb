import { amuletTemplateIds } from '@pocketnet/splice';
import { choicesOf } from '../vocabulary/splice-templates.ts';
import type { AutomationContext } from './automation-context.ts';
import { type AutomationOutcome, commandIdOf, effectOnce, noop } from './automation-outcome.ts';
import { roundNumberAt, textAt } from './automation-values.ts';

export type LivenessWork = { readonly validator: string; readonly round: string };

/**
 * The validator's liveness: once per open round it records a ValidatorLivenessActivityRecord
 * on its licence, which mints at the faucet rate once the round issues.
 */
export function createLivenessRecording(context: AutomationContext) {
  const licenseOf = (validator: string) =>
    context.index
      .active('validatorLicense')
      .find((license) => license.createArgument.validator === validator);
  const lastRecorded = (validator: string): bigint | null => {
    const license = licenseOf(validator);
    if (!license) return null;
    const state = license.createArgument.faucetState ?? null;
    return state === null ? -1n : roundNumberAt(state, 'lastReceivedFor');
  };
  return {
    pending(): LivenessWork[] {
      if (!context.hasNetwork()) return [];
      const validator = context.operator();
      const last = lastRecorded(validator);
      const latest = context.openedRounds().at(-1);
      if (last === null || latest === undefined) return [];
      const round = context.roundOf(latest);
      return round > last ? [{ validator, round: round.toString() }] : [];
    },
    async record(work: LivenessWork, jobId: string): Promise<AutomationOutcome> {
      const license = licenseOf(work.validator);
      const round = context
        .openedRounds()
        .find((open) => context.roundOf(open).toString() === work.round);
      if (!license || !round) return noop(`round ${work.round} is no longer open`);
      const last = lastRecorded(work.validator) ?? -1n;
      if (last >= BigInt(work.round)) return noop(`liveness of round ${work.round} is recorded`);
      return effectOnce(
        () =>
          context.exerciseAs(
            [work.validator],
            {
              templateId: amuletTemplateIds.validatorLicense,
              contractId: license.contractId,
              choice:
                choicesOf.validatorLicense.ValidatorLicense_RecordValidatorLivenessActivity.name,
              argument: { openRoundCid: round.contractId },
            },
            commandIdOf(jobId),
          ),
        `recorded liveness of ${textAt(license.createArgument, 'validator')} in round ${work.round}`,
      );
    },
  };
}
