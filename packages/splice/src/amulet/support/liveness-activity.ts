import type { TransactionContext } from '@pocketnet/ledger';
import { amuletTemplateIds } from '../amulet-references.ts';
import { openMiningRound } from '../templates/rounds.ts';
import type { Round } from '../types/base-types.ts';
import { requireDso } from './checked-fetch.ts';
import { nowMicros, timeMicros } from './time.ts';

type FaucetState = {
  readonly firstReceivedFor: Round;
  readonly lastReceivedFor: Round;
  readonly numCouponsMissed: string;
};

type License = {
  readonly validator: string;
  readonly dso: string;
  readonly faucetState: FaucetState | null;
};

/**
 * A license its validator now sponsors itself: splice-amulet 0.1.20 sets `sponsor = validator`
 * whenever the validator records liveness, reports activity or updates its metadata, so that
 * the onboarding SV keeps no special role (Splice's release notes for amulet 0.1.20).
 */
function sponsoredBySelf<TLicense extends { readonly validator: string }>(
  license: TLicense,
): TLicense & { readonly sponsor: string } {
  return { ...license, sponsor: license.validator };
}

function nextFaucetState(
  tx: TransactionContext,
  state: FaucetState | null,
  round: Round,
): FaucetState {
  if (state === null)
    return { firstReceivedFor: round, lastReceivedFor: round, numCouponsMissed: '0' };
  const last = BigInt(state.lastReceivedFor.number);
  const current = BigInt(round.number);
  if (last >= current)
    tx.fail(`Not yet received: liveness was already recorded for round ${round.number}`);
  return {
    firstReceivedFor: state.firstReceivedFor,
    lastReceivedFor: round,
    numCouponsMissed: (BigInt(state.numCouponsMissed) + current - last - 1n).toString(),
  };
}

/**
 * ValidatorLicense_RecordValidatorLivenessActivity: at most one record per validator and round,
 * which the license's faucet state enforces (its last round must be older than this one).
 */
export function recordLivenessActivity<TLicense extends License>(
  tx: TransactionContext,
  license: TLicense,
  openRoundCid: string,
): { licenseCid: string; couponCid: string } {
  const open = tx.fetch(openMiningRound, openRoundCid);
  requireDso(tx, open, license.dso, openRoundCid);
  if (timeMicros(open.opensAt) > nowMicros(tx))
    tx.fail(`OpenRound ${open.round.number} is not open yet`);
  const faucetState = nextFaucetState(tx, license.faucetState, open.round);
  const licenseCid = tx.create(amuletTemplateIds.validatorLicense, {
    ...sponsoredBySelf(license),
    faucetState,
    lastActiveAt: tx.now(),
  });
  const couponCid = tx.create(amuletTemplateIds.validatorLivenessActivityRecord, {
    dso: license.dso,
    validator: license.validator,
    round: open.round,
  });
  return { licenseCid, couponCid };
}

const hourMicros = 3_600_000_000n;

type LicenseMetadata = {
  readonly lastUpdatedAt: string;
  readonly version: string;
  readonly contactPoint: string;
};

/** ValidatorLicense_UpdateMetadata: a changed version or contact, at most once an hour. */
export function updateLicenseMetadata<
  TLicense extends { readonly validator: string; readonly metadata: LicenseMetadata | null },
>(
  tx: TransactionContext,
  license: TLicense,
  update: { readonly version: string; readonly contactPoint: string },
): string {
  const { metadata } = license;
  if (metadata !== null) {
    if (metadata.version === update.version && metadata.contactPoint === update.contactPoint) {
      tx.fail('Metadata has changed');
    }
    if (nowMicros(tx) - timeMicros(metadata.lastUpdatedAt) < hourMicros) {
      tx.fail('At least 1h has passed since the last metadata update');
    }
  }
  const now = tx.now();
  const updated = {
    ...sponsoredBySelf(license),
    metadata: { ...update, lastUpdatedAt: now },
    lastActiveAt: now,
  };
  return tx.create(amuletTemplateIds.validatorLicense, updated);
}

/** ValidatorLicense_ReportActive: for validators without a wallet, at most once an hour. */
export function reportLicenseActive<
  TLicense extends { readonly validator: string; readonly lastActiveAt: string | null },
>(tx: TransactionContext, license: TLicense): string {
  const { lastActiveAt } = license;
  if (lastActiveAt !== null && nowMicros(tx) - timeMicros(lastActiveAt) < hourMicros) {
    tx.fail('At least 1h has passed since the last activity report');
  }
  return tx.create(amuletTemplateIds.validatorLicense, {
    ...sponsoredBySelf(license),
    lastActiveAt: tx.now(),
  });
}
