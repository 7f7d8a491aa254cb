import type { TransactionContext } from '@pocketnet/ledger';
import { parseNumeric } from '@pocketnet/ledger';
import { requireDeadlineExceeded, requireWithinDeadline } from '../amulet/support/time.ts';
import type { InstrumentId } from '../token-standard/holding-v1.ts';
import { amuletInstrumentIdText } from './amulet-references.ts';

// Checks shared by the amulet transfer and allocation factories.

/** The caller names the admin it trusts, so a look-alike factory of another DSO is refused. */
export function requireExpectedAdmin(
  tx: TransactionContext,
  expectedAdmin: string,
  dso: string,
): void {
  if (expectedAdmin !== dso) {
    tx.fail(`Expected admin ${expectedAdmin} does not match the actual admin ${dso}`);
  }
}

export function requireAmuletInstrument(
  tx: TransactionContext,
  dso: string,
  instrumentId: InstrumentId,
): void {
  if (instrumentId.admin !== dso || instrumentId.id !== amuletInstrumentIdText) {
    tx.fail(
      `Expected instrumentId {admin: ${dso}, id: ${amuletInstrumentIdText}}, got {admin: ${instrumentId.admin}, id: ${instrumentId.id}}`,
    );
  }
}

export function requirePositiveAmount(tx: TransactionContext, amount: string): void {
  if (parseNumeric(amount) <= 0n) tx.fail(`Amount must be positive, got ${amount}`);
}

export function requireInputs(tx: TransactionContext, inputHoldingCids: readonly string[]): void {
  if (inputHoldingCids.length === 0) tx.fail('At least one input holding must be provided');
}

/** The request was made in the past and the deadline is still ahead. */
export function requireRequestWindow(
  tx: TransactionContext,
  window: {
    readonly requestedAtName: string;
    readonly requestedAt: string;
    readonly deadlineName: string;
    readonly deadline: string;
  },
): void {
  requireDeadlineExceeded(tx, window.requestedAtName, window.requestedAt);
  requireWithinDeadline(tx, window.deadlineName, window.deadline);
}
