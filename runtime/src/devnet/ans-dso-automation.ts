import { parseTime, type UndoLog, undoableMap } from '@pocketnet/ledger';
import type { spliceVocabulary } from '@pocketnet/splice';
import type { BackgroundTask } from '../automation/node-schedule.ts';
import { ansTemplates, subscriptionTemplates } from '../vocabulary/splice-templates.ts';
import { type ArgumentValue, payloadOf } from '../vocabulary/typed-commands.ts';
import type { AppContract, AppContracts } from '../wallet-apps/app-contracts.projection.ts';
import type { AnsSvCalls, ConfirmedAction } from './ans-sv-calls.ts';

type ContextAction =
  ArgumentValue<spliceVocabulary.splice_dso_governance.Splice.DsoRules.AnsEntryContext_ActionRequiringConfirmation>;
const { AnsEntry, AnsEntryContext, AnsRules } = ansTemplates;
const {
  SubscriptionIdleState,
  SubscriptionInitialPayment,
  SubscriptionPayment,
  TerminatedSubscription,
} = subscriptionTemplates;
const entryContextOf = (contract: AppContract) =>
  payloadOf(AnsEntryContext, contract.node.createArgument);
const entryOf = (contract: AppContract) => payloadOf(AnsEntry, contract.node.createArgument);

/** How long the automation waits before trying a failed step again (node time). */
const retryMicros = 3_600_000_000n;

type Job = { readonly key: string; readonly due: bigint; run(): Promise<unknown> };

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
  // Initial and renewal payments, and terminated subscriptions, all carry subscriptionData.
  const byDso = (dso: string) => (contract: AppContract) => {
    const { subscriptionData } = payloadOf(TerminatedSubscription, contract.node.createArgument);
    return subscriptionData.provider === dso && subscriptionData.receiver === dso;
  };
  const contextOf = (reference: string) =>
    contracts
      .all('ansEntryContext')
      .find((context) => entryContextOf(context).reference === reference);
  const liveEntryNamed = (name: string, now: bigint) =>
    contracts.all('ansEntry').some((contract) => {
      const entry = entryOf(contract);
      return entry.name === name && (parseTime(entry.expiresAt) ?? 0n) > now;
    });

  const initialPaymentJob = (calls: AnsSvCalls, contract: AppContract, now: bigint): Job[] => {
    const payment = payloadOf(SubscriptionInitialPayment, contract.node.createArgument);
    const context = contextOf(payment.reference);
    if (!context) return [];
    const run = () => {
      const transferContext = calls.transferContext(payment.round.number);
      const collect =
        transferContext !== null && !liveEntryNamed(entryContextOf(context).name, now);
      const orLatest = transferContext ?? calls.transferContext(null);
      if (orLatest === null) throw new Error('no open round to collect the payment in');
      const value = {
        paymentCid: contract.node.contractId,
        transferContext: orLatest,
        ansRulesCid: rulesOf(contracts, calls.dso),
      };
      return calls.confirmAndExecute(
        contextAction(
          context,
          collect
            ? { tag: 'ANSRARC_CollectInitialEntryPayment', value }
            : { tag: 'ANSRARC_RejectEntryInitialPayment', value },
        ),
      );
    };
    return [{ key: contract.node.contractId, due: now, run }];
  };

  const renewalJob = (calls: AnsSvCalls, contract: AppContract, now: bigint): Job[] => {
    const payment = payloadOf(SubscriptionPayment, contract.node.createArgument);
    const context = contextOf(payment.reference);
    const named = context ? entryContextOf(context) : undefined;
    const entry = named
      ? contracts.of(named.user, 'ansEntry').find((found) => entryOf(found).name === named.name)
      : undefined;
    const transferContext = calls.transferContext(payment.round.number);
    if (!context || !entry || transferContext === null) return [];
    const run = () =>
      calls.onDsoRules(calls.dsoRulesChoices.DsoRules_CollectEntryRenewalPayment, {
        ansEntryContextCid: context.node.contractId,
        choiceArg: {
          paymentCid: contract.node.contractId,
          entryCid: entry.node.contractId,
          transferContext,
          ansRulesCid: rulesOf(contracts, calls.dso),
        },
        sv: calls.sv,
      });
    return [{ key: contract.node.contractId, due: now, run }];
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
          const { reference } = payloadOf(TerminatedSubscription, terminated.node.createArgument);
          const context = contextOf(reference);
          if (!context) return [];
          const run = () =>
            calls.onDsoRules(calls.dsoRulesChoices.DsoRules_TerminateSubscription, {
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

const contextAction = (context: AppContract, action: ContextAction): ConfirmedAction => ({
  tag: 'ARC_AnsEntryContext',
  value: { ansEntryContextCid: context.node.contractId, ansEntryContextAction: action },
});

const rulesOf = (contracts: AppContracts, dso: string): string =>
  contracts
    .of(dso, 'ansRules')
    .find((rules) => payloadOf(AnsRules, rules.node.createArgument).dso === dso)?.node.contractId ??
  '';

/** Entries past their expiry, and the name service's subscriptions whose payment was missed. */
function expiryJobs(calls: AnsSvCalls, contracts: AppContracts): Job[] {
  const actor = { actor: calls.dso };
  const entries = contracts.of(calls.dso, 'ansEntry').flatMap((entry): Job[] => {
    const expiresAt = parseTime(entryOf(entry).expiresAt);
    if (expiresAt === null) return [];
    const run = () =>
      calls.onDsoRules(calls.dsoRulesChoices.DsoRules_ExpireAnsEntry, {
        ansEntryCid: entry.node.contractId,
        choiceArg: actor,
        sv: calls.sv,
      });
    return [{ key: entry.node.contractId, due: expiresAt + 1n, run }];
  });
  const subscriptions = contracts.of(calls.dso, 'subscriptionIdleState').flatMap((state): Job[] => {
    const idle = payloadOf(SubscriptionIdleState, state.node.createArgument);
    const dueAt = parseTime(idle.nextPaymentDueAt);
    const context = contracts
      .of(calls.dso, 'ansEntryContext')
      .find((found) => entryContextOf(found).reference === idle.reference);
    if (dueAt === null || !context) return [];
    const run = () =>
      calls.onDsoRules(calls.dsoRulesChoices.DsoRules_ExpireSubscription, {
        ansEntryContextCid: context.node.contractId,
        subscriptionIdleStateCid: state.node.contractId,
        choiceArg: actor,
        sv: calls.sv,
      });
    return [{ key: state.node.contractId, due: dueAt + 1n, run }];
  });
  return [...entries, ...subscriptions];
}
