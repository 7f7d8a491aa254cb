import type { FieldValues, TransactionContext } from '@pocketnet/ledger';
import { t } from '@pocketnet/ledger';
import { optionalType } from '../../token-standard/optional-type.ts';
import { amuletConfigScheduleType } from '../types/config-types.ts';

/** The payload of `Splice.AmuletRules:AmuletRules`, in its own module so choices can name it. */
export const amuletRulesFields = {
  dso: t.party(),
  configSchedule: amuletConfigScheduleType,
  isDevNet: t.bool(),
  contractStateSchemaVersion: optionalType(t.int64()),
};
export type AmuletRules = FieldValues<typeof amuletRulesFields>;

/** Splice's checkExpectedDso: callers must name the DSO they expect behind these rules. */
export function checkExpectedDso(
  tx: TransactionContext,
  dso: string,
  expectedDso: string | null,
): void {
  if (expectedDso === null) {
    tx.fail(
      'Expected DSO party not set by caller. Please change your code to set it as a prudent security measure.',
    );
  }
  if (expectedDso !== dso) {
    tx.fail(`DSO party expected by caller ${expectedDso} does not match actual DSO party ${dso}`);
  }
}

export function requireDevNet(tx: TransactionContext, rules: AmuletRules): void {
  if (!rules.isDevNet) tx.fail('isDevNet flag is true');
}
