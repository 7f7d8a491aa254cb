import { parseTime, type UndoLog, undoableMap } from '@pocketnet/ledger';
import type { BackgroundTask } from '../automation/node-schedule.ts';
import { subscriptionTemplates } from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import type { UserWallet, WalletAccess } from '../wallet/wallet-access.ts';
import type { AppContract, AppContracts } from './app-contracts.projection.ts';

const idleOf = (state: AppContract) =>
  payloadOf(subscriptionTemplates.SubscriptionIdleState, state.node.createArgument);

import type { Subscriptions } from './subscriptions.service.ts';

/** How long the wallet waits before trying a failed payment again (node time). */
const retryMicros = 3_600_000_000n;

/**
 * The wallet's automation for subscriptions (Splice's SubscriptionReadyForPaymentTrigger): as
 * soon as a subscription of one of this validator's users may be paid (its next payment is due
 * within the payment duration), the wallet pays it from the user's amulets. A payment that
 * fails (not enough funds) or comes back is tried again an hour later, until it is overdue.
 */
export function createSubscriptionRenewals(deps: {
  readonly contracts: AppContracts;
  readonly access: WalletAccess;
  readonly subscriptions: Subscriptions;
  readonly now: () => bigint;
  readonly onError: (error: unknown) => void;
  readonly undo: UndoLog;
}): BackgroundTask {
  // Keyed by the subscription and the due date paid for: a payment that comes back (rejected)
  // or failed is tried again only after a while.
  const triedAt = undoableMap<string, bigint>(deps.undo);
  const keyOf = (state: AppContract) => {
    const idle = idleOf(state);
    return `${idle.subscription}@${idle.nextPaymentDueAt}`;
  };
  const walletOf = (state: AppContract): UserWallet | null => {
    try {
      return deps.access.walletOfParty(idleOf(state).subscriptionData.sender);
    } catch {
      return null;
    }
  };
  const dueAt = (state: AppContract): bigint | null => {
    const idle = idleOf(state);
    const next = parseTime(idle.nextPaymentDueAt);
    const duration = BigInt(idle.payData.paymentDuration.microseconds);
    if (next === null) return null;
    // Past the due date the provider may expire it; the wallet stops trying then.
    if (next <= deps.now()) return null;
    const tried = triedAt.get(keyOf(state));
    const due = next - duration;
    return tried !== undefined && tried + retryMicros > due ? tried + retryMicros : due;
  };
  const pending = () =>
    deps.contracts.all('subscriptionIdleState').flatMap((state) => {
      const due = dueAt(state);
      const wallet = due === null ? null : walletOf(state);
      return due !== null && wallet ? [{ state, due, wallet }] : [];
    });

  return {
    name: 'wallet-subscription-payments',
    runsAs: 'here',
    nextDueMicros() {
      let next: bigint | null = null;
      for (const { due } of pending()) if (next === null || due < next) next = due;
      return next;
    },
    async run() {
      const now = deps.now();
      for (const { state, due, wallet } of pending()) {
        if (due > now) continue;
        triedAt.set(keyOf(state), now);
        try {
          await deps.subscriptions.makePayment(wallet, state.node.contractId);
        } catch (error) {
          deps.onError(error);
        }
      }
    },
  };
}
