import { parseTime, type UndoLog, undoableMap, type Value } from '@pocketnet/ledger';
import type { BackgroundTask } from '../automation/node-schedule.ts';
import { textOf } from '../wallet-apps/app-access.ts';
import type { AppContract, AppContracts } from '../wallet-apps/app-contracts.projection.ts';
import type { AnsSvCalls } from './ans-sv-calls.ts';

/** How long the automation waits before trying a failed step again (node time). */
const retryMicros = 3_600_000_000n;

type Job = { readonly key: string; readonly due: bigint; run(): Promise<unknown> };

const timeOf = (contract: AppContract, field: string) => parseTime(textOf(contract, field)) ?? null;

/**
 * The SV's name-service automation on the devnet (Splice's AnsSubscriptionInitialPaymentTrigger,
 * AnsSubscriptionRenewalPaymentTrigger, ExpiredAnsEntryTrigger, ExpiredAnsSubscriptionTrigger
 * and TerminatedSubscriptionTrigger): collects an entry's first payment and creates the entry
 * (or returns the payment when the name is taken or its round is gone), collects renewals,
 * expires entries and subscriptions whose time is up, and ends the contexts of subscriptions
 * that ended. Everything runs through DsoRules as the SV, on the node's clock.
 */
export function createAnsDsoAutomation(deps: {
  readonly contracts: AppContracts;
  readonly calls: () => AnsSvCalls | null;
  readonly now: () => bigint;
  readonly onError: (error: unknown) => void;
  readonly undo: UndoLog;
}): BackgroundTask {
  const { contracts } = deps;
  const retryAt = undoableMap<string, bigint>(deps.undo);
  const byDso = (dso: string) => (contract: AppContract) =>
    textOf(contract, 'subscriptionData', 'provider') === dso &&
    textOf(contract, 'subscriptionData', 'receiver') === dso;
  const contextOf = (reference: string) =>
    contracts.all('ansEntryContext').find((context) => textOf(context, 'reference') === reference);
  const liveEntryNamed = (name: string, now: bigint) =>
    contracts
      .all('ansEntry')
      .some((entry) => textOf(entry, 'name') === name && (timeOf(entry, 'expiresAt') ?? 0n) > now);

  const initialPaymentJob = (calls: AnsSvCalls, payment: AppContract, now: bigint): Job[] => {
    const context = contextOf(textOf(payment, 'reference'));
    if (!context) return [];
    const run = () => {
      const transferContext = calls.transferContext(textOf(payment, 'round', 'number'));
      const collect = transferContext !== null && !liveEntryNamed(textOf(context, 'name'), now);
      return calls.confirmAndExecute(
        contextAction(context, {
          tag: collect ? 'ANSRARC_CollectInitialEntryPayment' : 'ANSRARC_RejectEntryInitialPayment',
          value: {
            paymentCid: payment.node.contractId,
            transferContext: transferContext ?? calls.transferContext(null),
            ansRulesCid: rulesOf(contracts, calls.dso),
          },
        }),
      );
    };
    return [{ key: payment.node.contractId, due: now, run }];
  };

  const renewalJob = (calls: AnsSvCalls, payment: AppContract, now: bigint): Job[] => {
    const context = contextOf(textOf(payment, 'reference'));
    const entry = context
      ? contracts
          .of(textOf(context, 'user'), 'ansEntry')
          .find((found) => textOf(found, 'name') === textOf(context, 'name'))
      : undefined;
    const transferContext = calls.transferContext(textOf(payment, 'round', 'number'));
    if (!context || !entry || transferContext === null) return [];
    const run = () =>
      calls.onDsoRules('DsoRules_CollectEntryRenewalPayment', {
        ansEntryContextCid: context.node.contractId,
        choiceArg: {
          paymentCid: payment.node.contractId,
          entryCid: entry.node.contractId,
          transferContext,
          ansRulesCid: rulesOf(contracts, calls.dso),
        },
        sv: calls.sv,
      });
    return [{ key: payment.node.contractId, due: now, run }];
  };

  const jobs = (): Job[] => {
    const calls = deps.calls();
    if (calls === null) return [];
    const now = deps.now();
    const ofDso = byDso(calls.dso);
    return [
      ...contracts
        .all('subscriptionInitialPayment')
        .filter(ofDso)
        .flatMap((payment) => initialPaymentJob(calls, payment, now)),
      ...contracts
        .all('subscriptionPayment')
        .filter(ofDso)
        .flatMap((payment) => renewalJob(calls, payment, now)),
      ...expiryJobs(calls, contracts),
      ...contracts
        .all('terminatedSubscription')
        .filter(ofDso)
        .flatMap((terminated) => {
          const context = contextOf(textOf(terminated, 'reference'));
          if (!context) return [];
          const run = () =>
            calls.onDsoRules('DsoRules_TerminateSubscription', {
              ansEntryContextCid: context.node.contractId,
              terminatedSubscriptionCid: terminated.node.contractId,
              sv: calls.sv,
            });
          return [{ key: terminated.node.contractId, due: now, run }];
        }),
    ];
  };
  const dueOf = (job: Job) => {
    const retry = retryAt.get(job.key);
    return retry !== undefined && retry > job.due ? retry : job.due;
  };

  return {
    name: 'ans-dso-automation',
    runsAs: 'here',
    nextDueMicros() {
      let next: bigint | null = null;
      for (const job of jobs()) {
        const due = dueOf(job);
        if (next === null || due < next) next = due;
      }
      return next;
    },
    async run() {
      const now = deps.now();
      for (const job of jobs()) {
        if (dueOf(job) > now) continue;
        try {
          await job.run();
        } catch (error) {
          retryAt.set(job.key, now + retryMicros);
          deps.onError(error);
        }
      }
    },
  };
}

const contextAction = (context: AppContract, action: Value): Value => ({
  tag: 'ARC_AnsEntryContext',
  value: { ansEntryContextCid: context.node.contractId, ansEntryContextAction: action },
});

const rulesOf = (contracts: AppContracts, dso: string): string =>
  contracts.of(dso, 'ansRules').find((rules) => textOf(rules, 'dso') === dso)?.node.contractId ??
  '';

/** Entries past their expiry, and the name service's subscriptions whose payment was missed. */
function expiryJobs(calls: AnsSvCalls, contracts: AppContracts): Job[] {
  const actor = { actor: calls.dso };
  const entries = contracts.of(calls.dso, 'ansEntry').flatMap((entry): Job[] => {
    const expiresAt = timeOf(entry, 'expiresAt');
    if (expiresAt === null) return [];
    const run = () =>
      calls.onDsoRules('DsoRules_ExpireAnsEntry', {
        ansEntryCid: entry.node.contractId,
        choiceArg: actor,
        sv: calls.sv,
      });
    return [{ key: entry.node.contractId, due: expiresAt + 1n, run }];
  });
  const subscriptions = contracts.of(calls.dso, 'subscriptionIdleState').flatMap((state): Job[] => {
    const dueAt = timeOf(state, 'nextPaymentDueAt');
    const reference = textOf(state, 'reference');
    const context = contracts
      .of(calls.dso, 'ansEntryContext')
      .find((found) => textOf(found, 'reference') === reference);
    if (dueAt === null || !context) return [];
    const run = () =>
      calls.onDsoRules('DsoRules_ExpireSubscription', {
        ansEntryContextCid: context.node.contractId,
        subscriptionIdleStateCid: state.node.contractId,
        choiceArg: actor,
        sv: calls.sv,
      });
    return [{ key: state.node.contractId, due: dueAt + 1n, run }];
  });
  return [...entries, ...subscriptions];
}
