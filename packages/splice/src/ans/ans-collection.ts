import type { TransactionContext, Value } from '@pocketnet/ledger';
import type { AppTransferContext } from '../wallet-payments/amulet-types.ts';
import { amuletReferences } from '../wallet-payments/amulet-types.ts';
import { isBefore, require } from '../wallet-payments/daml-support.ts';
import { paymentsReferences } from '../wallet-payments/payments-references.ts';
import { fieldOf, textFieldOf } from '../wallet-payments/value-readers.ts';
import { ansReferences } from './ans-config.ts';

// How AnsRules collects an entry's payments: take the subscription payment, burn the amulet
// it paid to the DSO, and create or renew the entry.

type Collection = {
  readonly dso: string;
  readonly user: string;
  readonly entryContext: string;
  readonly paymentCid: string;
  readonly transferContext: AppTransferContext;
};

/** The payment must be the user's, to the DSO as provider. */
function checkPayment(tx: TransactionContext, payment: Value, collection: Collection): void {
  const data = fieldOf(payment, 'subscriptionData');
  require(tx, 'matching DSO party', textFieldOf(data, 'provider') === collection.dso);
  require(tx, 'Sender matches', textFieldOf(data, 'sender') === collection.user);
}

function fetchEntryContext(
  tx: TransactionContext,
  collection: Collection,
  reference: string,
): Value {
  const context = tx.fetch(ansReferences.ansEntryContext, collection.entryContext);
  require(tx, 'matching DSO party', textFieldOf(context, 'dso') === collection.dso);
  require(tx, 'User matches', textFieldOf(context, 'user') === collection.user);
  require(tx, 'Subscription reference matches', textFieldOf(context, 'reference') === reference);
  return context;
}

/** The payment was made to the DSO; the name service burns it. */
function burn(tx: TransactionContext, dso: string, amulet: string): void {
  const paid = tx.fetch(amuletReferences.amulet, amulet);
  require(tx, 'matching DSO party', textFieldOf(paid, 'dso') === dso);
  require(tx, 'matching owner', textFieldOf(paid, 'owner') === dso);
  tx.archive(amuletReferences.amulet, amulet);
}

export function collectInitialPayment(tx: TransactionContext, collection: Collection) {
  const payment = tx.fetch(paymentsReferences.subscriptionInitialPayment, collection.paymentCid);
  checkPayment(tx, payment, collection);
  const context = fetchEntryContext(tx, collection, textFieldOf(payment, 'reference'));
  const collected = tx.exercise(
    paymentsReferences.subscriptionInitialPayment,
    collection.paymentCid,
    'SubscriptionInitialPayment_Collect',
    { transferContext: collection.transferContext },
  );
  burn(tx, collection.dso, textFieldOf(collected, 'amulet'));
  const subscriptionStateCid = textFieldOf(collected, 'subscriptionState');
  const state = tx.fetch(paymentsReferences.subscriptionIdleState, subscriptionStateCid);
  const entryCid = tx.create(ansReferences.ansEntry, {
    user: collection.user,
    dso: collection.dso,
    name: textFieldOf(context, 'name'),
    url: textFieldOf(context, 'url'),
    description: textFieldOf(context, 'description'),
    expiresAt: textFieldOf(state, 'nextPaymentDueAt'),
  });
  return { entryCid, subscriptionStateCid };
}

const entryFields = ['user', 'name', 'url', 'description'] as const;

export function collectRenewalPayment(
  tx: TransactionContext,
  collection: Collection & { readonly entryCid: string },
) {
  const payment = tx.fetch(paymentsReferences.subscriptionPayment, collection.paymentCid);
  checkPayment(tx, payment, collection);
  const subscription = tx.fetch(
    paymentsReferences.subscription,
    textFieldOf(payment, 'subscription'),
  );
  const context = fetchEntryContext(tx, collection, textFieldOf(subscription, 'reference'));
  const entry = tx.fetch(ansReferences.ansEntry, collection.entryCid);
  require(tx, 'Current entry matches subscription context', entryFields.every(
    (name) => fieldOf(entry, name) === fieldOf(context, name),
  ) && fieldOf(entry, 'dso') === collection.dso);
  const expiresAt = textFieldOf(entry, 'expiresAt');
  require(tx, 'Subscription entry renewal times are in sync', textFieldOf(
    payment,
    'thisPaymentDueAt',
  ) === expiresAt);
  require(tx, 'Current entry is not expired', isBefore(tx.now(), expiresAt));
  const collected = tx.exercise(
    paymentsReferences.subscriptionPayment,
    collection.paymentCid,
    'SubscriptionPayment_Collect',
    { transferContext: collection.transferContext },
  );
  burn(tx, collection.dso, textFieldOf(collected, 'amulet'));
  const renewed = tx.exercise(ansReferences.ansEntry, collection.entryCid, 'AnsEntry_Renew', {
    extension: fieldOf(fieldOf(payment, 'payData'), 'paymentInterval'),
  });
  return {
    entryCid: textFieldOf(renewed, 'entryCid'),
    subscriptionStateCid: textFieldOf(collected, 'subscriptionState'),
  };
}
