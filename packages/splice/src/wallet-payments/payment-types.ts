import type { Typed } from '@pocketnet/ledger';
import { t } from '@pocketnet/ledger';

export type PaymentUnit = 'USDUnit' | 'AmuletUnit' | 'ExtUnit';

export const paymentUnitType: Typed<PaymentUnit> = t.enum(
  ['USDUnit', 'AmuletUnit', 'ExtUnit'] as const,
  'Splice.Wallet.Payment:Unit',
);

export type PaymentAmount = { readonly amount: string; readonly unit: PaymentUnit };

export const paymentAmountType: Typed<PaymentAmount> = t.record(
  { amount: t.numeric(10), unit: paymentUnitType },
  'Splice.Wallet.Payment:PaymentAmount',
);

export type ReceiverAmount = { readonly receiver: string; readonly amount: PaymentAmount };

export const receiverAmountType: Typed<ReceiverAmount> = t.record(
  { receiver: t.party(), amount: paymentAmountType },
  'Splice.Wallet.Payment:ReceiverAmount',
);

export type ReceiverAmuletAmount = { readonly receiver: string; readonly amuletAmount: string };

export const receiverAmuletAmountType: Typed<ReceiverAmuletAmount> = t.record(
  { receiver: t.party(), amuletAmount: t.numeric(10) },
  'Splice.Wallet.Payment:ReceiverAmuletAmount',
);
