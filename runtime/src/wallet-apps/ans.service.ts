import { DomainError, parseTime, type Value } from '@pocketnet/ledger';
import { ansEntryProblem } from '@pocketnet/splice';
import type { Caller } from '../services/caller.ts';
import { ansRulesTemplate } from '../vocabulary/splice-templates.ts';
import { exerciseOf, resultOf } from '../vocabulary/typed-commands.ts';
import type { NetworkContext } from '../wallet/network-context.ts';
import { fieldAt, rootResult, type WalletSubmit } from '../wallet/wallet-submitter.ts';
import { type AppAccess, textOf } from './app-access.ts';
import type { AppContract, AppContracts } from './app-contracts.projection.ts';

const requestEntry = ansRulesTemplate.choices.AnsRules_RequestEntry;

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
    const found = contracts.of(dso, 'ansRules').find((rule) => textOf(rule, 'dso') === dso);
    if (!found) throw new DomainError('UNAVAILABLE', 'The network has no AnsRules yet');
    return found;
  };
  const isLive = (entry: AppContract) =>
    (parseTime(textOf(entry, 'expiresAt')) ?? 0n) > network.now();

  /** The pay data of the entry's subscription (else the rules' current terms). */
  const payDataOf = (entry: AppContract): Value => {
    const user = textOf(entry, 'user');
    const context = contracts
      .of(user, 'ansEntryContext')
      .find((found) => textOf(found, 'name') === textOf(entry, 'name'));
    const reference = context ? textOf(context, 'reference') : '';
    const state = [
      ...contracts.of(user, 'subscriptionIdleState'),
      ...contracts.of(user, 'subscriptionPayment'),
    ].find((found) => reference !== '' && textOf(found, 'reference') === reference);
    if (state) return fieldAt(state.node.createArgument, 'payData');
    const config = fieldAt(rules().node.createArgument, 'config');
    return {
      paymentAmount: { amount: fieldAt(config, 'entryFee'), unit: 'USDUnit' },
      paymentInterval: fieldAt(config, 'entryLifetime'),
      paymentDuration: fieldAt(config, 'renewalDuration'),
    };
  };
  const ownEntry = (entry: AppContract): OwnAnsEntry => {
    const payData = payDataOf(entry);
    return {
      contractId: entry.node.contractId,
      name: textOf(entry, 'name'),
      amount: String(fieldAt(payData, 'paymentAmount', 'amount')),
      // As Splice renders them: the Java enum's name, and the expiry in epoch milliseconds.
      unit: String(fieldAt(payData, 'paymentAmount', 'unit')).toUpperCase(),
      expiresAt: String((parseTime(textOf(entry, 'expiresAt')) ?? 0n) / 1000n),
      paymentInterval: String(fieldAt(payData, 'paymentInterval', 'microseconds')),
      paymentDuration: String(fieldAt(payData, 'paymentDuration', 'microseconds')),
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
        .some((entry) => textOf(entry, 'name') === request.name && isLive(entry));
      if (taken) throw invalid(`The name ${request.name} is already taken`);
      const ansRules = rules();
      const record = await deps.submit({
        actAs: [wallet.party],
        readAs: [network.dso()],
        commands: [
          exerciseOf(ansRulesTemplate, ansRules.node.contractId, requestEntry, {
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
        .listOwned(caller, 'ansEntry', ['user'])
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
