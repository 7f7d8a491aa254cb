import type { CreatedNode } from '@pocketnet/ledger';
import { validatorLicenseTemplates } from '../vocabulary/splice-templates.ts';
import { exerciseOf, payloadOf } from '../vocabulary/typed-commands.ts';
import type { AutomationContext } from './automation-context.ts';
import { type AutomationOutcome, commandIdOf, effectOnce, noop } from './automation-outcome.ts';

export type LivenessWork = { readonly validator: string; readonly round: string };

/**
 * The validator's liveness: once per open round it records a ValidatorLivenessActivityRecord
 * on its licence, which mints at the faucet rate once the round issues.
 */
const { ValidatorLicense } = validatorLicenseTemplates;
const licensePayload = (license: CreatedNode) =>
  payloadOf(ValidatorLicense, license.createArgument);

export function createLivenessRecording(context: AutomationContext) {
  const licenseOf = (validator: string) =>
    context.index
      .active('validatorLicense')
      .find((license) => licensePayload(license).validator === validator);
  const lastRecorded = (validator: string): bigint | null => {
    const license = licenseOf(validator);
    if (!license) return null;
    const state = licensePayload(license).faucetState ?? null;
    return state === null ? -1n : BigInt(state.lastReceivedFor.number);
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
            exerciseOf(
              ValidatorLicense,
              license.contractId,
              ValidatorLicense.choices.ValidatorLicense_RecordValidatorLivenessActivity,
              { openRoundCid: round.contractId },
            ),
            commandIdOf(jobId),
          ),
        `recorded liveness of ${licensePayload(license).validator} in round ${work.round}`,
      );
    },
  };
}
