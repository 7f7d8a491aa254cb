import { DomainError, parseTime } from '@pocketnet/ledger';
import { ansEntryProblem, type spliceVocabulary } from '@pocketnet/splice';
import type { Caller } from '../services/caller.ts';
import { ansTemplates, subscriptionTemplates } from '../vocabulary/splice-templates.ts';
import { exerciseOf, payloadOf, resultOf } from '../vocabulary/typed-commands.ts';
import type { NetworkContext } from '../wallet/network-context.ts';
import { rootResult, type WalletSubmit } from '../wallet/wallet-submitter.ts';
import { type AppAccess, partyOf } from './app-access.ts';
import type { AppContract, AppContracts } from './app-contracts.projection.ts';

const { AnsEntry, AnsEntryContext, AnsRules } = ansTemplates;
const requestEntry = AnsRules.choices.AnsRules_RequestEntry;
type PayData =
  spliceVocabulary.splice_wallet_payments.Splice.Wallet.Subscriptions.SubscriptionPayData;
const entryOf = (contract: AppContract) => payloadOf(AnsEntry, contract.node.createArgument);
const entryUser = partyOf(AnsEntry, (entry) => entry.user);

/** The network's name service acronym in lower case: names end in `.unverified.ans`. */
const acronym = 'ans';

export type AnsEntryRequest = {
  readonly name: string;
  readonly url: string;
  readonly description: string;
};

export type RequestedAnsEntry = AnsEntryRequest & {
  readonly entryContextCid: string;
  readonly subscriptionRequestCid: string;
};

/**
 * An entry of the user, with what its subscription costs and how often it renews: the unit as
 * `USDUNIT`, the expiry in epoch milliseconds, the interval and duration in microseconds.
 */
export type OwnAnsEntry = {
  readonly contractId: string;
  readonly name: string;
  readonly amount: string;
  readonly unit: string;
  readonly expiresAt: string;
  readonly paymentInterval: string;
  readonly paymentDuration: string;
};

const invalid = (message: string) => new DomainError('INVALID_ARGUMENT', message);

/**
 * The name service's external API (ans-external.yaml): a user requests an entry (AnsRules
 * creates an AnsEntryContext and a SubscriptionRequest that the user accepts in the wallet;
 * the DSO's automation then collects the payment and creates the AnsEntry) and lists the
 * entries it owns that have not expired.
 */
export function createAnsEntries(deps: {
  readonly appAccess: AppAccess;
  readonly contracts: AppContracts;
  readonly network: NetworkContext;
  readonly submit: WalletSubmit;
}) {
  const { appAccess, contracts, network } = deps;
  const rules = (): AppContract => {
    const dso = network.dso();
    const found = contracts
      .of(dso, 'ansRules')
      .find((rule) => payloadOf(AnsRules, rule.node.createArgument).dso === dso);
    if (!found) throw new DomainError('UNAVAILABLE', 'The network has no AnsRules yet');
    return found;
  };
  const isLive = (entry: AppContract) =>
    (parseTime(entryOf(entry).expiresAt) ?? 0n) > network.now();

  /** The pay data of the entry's subscription (else the rules' current terms). */
  const payDataOf = (contract: AppContract): PayData => {
    const entry = entryOf(contract);
    const context = contracts
      .of(entry.user, 'ansEntryContext')
      .map((found) => payloadOf(AnsEntryContext, found.node.createArgument))
      .find((found) => found.name === entry.name);
    const reference = context?.reference ?? '';
    // An idle state and a payment both carry the subscription's `reference` and `payData`.
    const state = [
      ...contracts.of(entry.user, 'subscriptionIdleState'),
      ...contracts.of(entry.user, 'subscriptionPayment'),
    ]
      .map((found) =>
        payloadOf(subscriptionTemplates.SubscriptionIdleState, found.node.createArgument),
      )
      .find((found) => reference !== '' && found.reference === reference);
    if (state) return state.payData;
    const { config } = payloadOf(AnsRules, rules().node.createArgument);
    return {
      paymentAmount: { amount: config.entryFee, unit: 'USDUnit' },
      paymentInterval: config.entryLifetime,
      paymentDuration: config.renewalDuration,
    };
  };
  const ownEntry = (contract: AppContract): OwnAnsEntry => {
    const payData = payDataOf(contract);
    const entry = entryOf(contract);
    return {
      contractId: contract.node.contractId,
      name: entry.name,
      amount: payData.paymentAmount.amount,
      // As Splice renders them: the Java enum's name, and the expiry in epoch milliseconds.
      unit: payData.paymentAmount.unit.toUpperCase(),
      expiresAt: String((parseTime(entry.expiresAt) ?? 0n) / 1000n),
      paymentInterval: payData.paymentInterval.microseconds,
      paymentDuration: payData.paymentDuration.microseconds,
    };
  };

  const service = {
    /** `POST /v0/entry/create`: the entry's context and the subscription request to accept. */
    async create(caller: Caller, request: AnsEntryRequest): Promise<RequestedAnsEntry> {
      const wallet = appAccess.walletOf(caller);
      const problem = ansEntryProblem(request, acronym);
      if (problem !== null) throw invalid(problem);
      const taken = contracts
        .all('ansEntry')
        .some((entry) => entryOf(entry).name === request.name && isLive(entry));
      if (taken) throw invalid(`The name ${request.name} is already taken`);
      const ansRules = rules();
      const record = await deps.submit({
        actAs: [wallet.party],
        readAs: [network.dso()],
        commands: [
          exerciseOf(AnsRules, ansRules.node.contractId, requestEntry, {
            ...request,
            user: wallet.party,
          }),
        ],
      });
      const result = resultOf(requestEntry, rootResult(record));
      return {
        ...request,
        entryContextCid: String(result.entryCid),
        subscriptionRequestCid: String(result.requestCid),
      };
    },
    /** `GET /v0/entry/all`: the caller's entries that have not expired, by name. */
    list(caller: Caller): OwnAnsEntry[] {
      return appAccess
        .listOwned(caller, 'ansEntry', entryUser)
        .filter(isLive)
        .map(ownEntry)
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
  };
  return service satisfies AnsEntries;
}

export interface AnsEntries {
  /** `POST /v0/entry/create`: the entry's context and the subscription request to accept. */
  create(caller: Caller, request: AnsEntryRequest): Promise<RequestedAnsEntry>;
  /** `GET /v0/entry/all`: the caller's entries that have not expired, by name. */
  list(caller: Caller): OwnAnsEntry[];
}
