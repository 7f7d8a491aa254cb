import { DomainError } from '@pocketnet/ledger';
import { validatorLicenseTemplates } from '../../vocabulary/splice-templates.ts';
import { payloadOf } from '../../vocabulary/typed-commands.ts';
import type { NetworkContract, NetworkContracts } from './network-contracts.projection.ts';
import { networkReferences as refs } from './network-references.ts';

export const defaultLicensesPageSize = 1000;

export type LicensePage = {
  readonly licenses: readonly NetworkContract[];
  /** The `after` of the next page; absent on the last page. */
  readonly nextPageToken: number | null;
};

/** A validator's faucet statistics, as Splice's FaucetProcessor reads its licence. */
export type ValidatorFaucets = {
  readonly validator: string;
  readonly numRoundsCollected: bigint;
  readonly numRoundsMissed: bigint;
  readonly firstCollectedInRound: bigint;
  readonly lastCollectedInRound: bigint;
};

function faucetsOf(license: NetworkContract): ValidatorFaucets | null {
  const payload = payloadOf(
    validatorLicenseTemplates.ValidatorLicense,
    license.node.createArgument,
  );
  const state = payload.faucetState;
  if (state === null || state === undefined) return null;
  const first = BigInt(state.firstReceivedFor.number);
  const last = BigInt(state.lastReceivedFor.number);
  const missed = BigInt(state.numCouponsMissed);
  return {
    validator: payload.validator,
    numRoundsCollected: last - first + 1n - missed,
    numRoundsMissed: missed,
    firstCollectedInRound: first,
    lastCollectedInRound: last,
  };
}

/** The DSO's validator licences: paged newest first, and their faucet statistics. */
export function createValidatorLicenses(contracts: NetworkContracts) {
  return {
    page(request: { readonly after: number | null; readonly limit: number | null }): LicensePage {
      const limit = request.limit ?? defaultLicensesPageSize;
      if (!Number.isInteger(limit) || limit < 1) {
        throw new DomainError('INVALID_ARGUMENT', `limit must be a positive integer, not ${limit}`);
      }
      const newestFirst = contracts
        .active(refs.validatorLicense)
        .filter((license) => request.after === null || license.sequence < request.after)
        .reverse();
      const licenses = newestFirst.slice(0, limit);
      const last = licenses.at(-1);
      const more = newestFirst.length > limit && last !== undefined;
      return { licenses, nextPageToken: more ? last.sequence : null };
    },
    /** Statistics of those of `validators` that are onboarded and have collected a faucet. */
    faucets(validators: readonly string[]): ValidatorFaucets[] {
      return [...new Set(validators)].flatMap((validator) =>
        contracts.ofParty(refs.validatorLicense, validator).flatMap((license) => {
          const faucets = faucetsOf(license);
          return faucets === null ? [] : [faucets];
        }),
      );
    },
  };
}
