import type { Typed } from '@pocketnet/ledger';
import { t } from '@pocketnet/ledger';
import type { TransferResult } from '../wallet-payments/amulet-results.ts';
import { transferResultType } from '../wallet-payments/amulet-results.ts';
import { amuletReferences } from '../wallet-payments/amulet-types.ts';
import type { RelTime } from '../wallet-payments/daml-support.ts';
import { paymentsReferences } from '../wallet-payments/payments-references.ts';
import type { BuyTrafficRequestTrackingInfo } from './buy-traffic-request.ts';
import { buyTrafficRequestTrackingInfoType } from './buy-traffic-request.ts';
import type { TransferOfferTrackingInfo } from './transfer-offer.ts';
import { transferOfferTrackingInfoType } from './transfer-offer.ts';
import { walletReferences } from './wallet-references.ts';

// Splice.Wallet.Install's AmuletOperation and AmuletOperationOutcome: the batch language of
// WalletAppInstall_ExecuteBatch, with the constructor names and payloads of Splice.

type Unit = Readonly<Record<string, never>>;
type Case<TTag extends string, TValue> = { readonly tag: TTag; readonly value: TValue };

export type BuyMemberTrafficOperation = {
  readonly trafficAmount: string;
  readonly memberId: string;
  readonly synchronizerId: string;
  readonly migrationId: string;
  readonly minTopupInterval: RelTime;
  readonly topupStateCid: string | null;
};

export type AmuletOperation =
  | Case<'CO_AppPayment', string>
  | Case<'CO_CompleteAcceptedTransfer', string>
  | Case<'CO_SubscriptionAcceptAndMakeInitialPayment', string>
  | Case<'CO_SubscriptionMakePayment', string>
  | Case<'CO_MergeTransferInputs', Unit>
  | Case<'CO_BuyMemberTraffic', BuyMemberTrafficOperation>
  | Case<'CO_CompleteBuyTrafficRequest', { readonly trafficRequestCid: string }>
  | Case<'CO_Tap', { readonly tapAmount: string }>
  | Case<'ExtAmuletOperation', { readonly dummyUnitField: Unit }>
  | Case<
      'CO_CreateExternalPartySetupProposal',
      { readonly externalParty: string; readonly preapprovalExpiresAt: string }
    >
  | Case<
      'CO_AcceptTransferPreapprovalProposal',
      { readonly preapprovalProposalCid: string; readonly expiresAt: string }
    >
  | Case<
      'CO_RenewTransferPreapproval',
      { readonly previousApprovalCid: string; readonly newExpiresAt: string }
    >
  | Case<
      'CO_TransferPreapprovalSend',
      {
        readonly transferPreapprovalCid: string;
        readonly providerFeaturedAppRightCid: string | null;
        readonly amount: string;
        readonly description: string | null;
      }
    >;

const cid = t.contractId;
const op = (name: string) => `Splice.Wallet.Install:AmuletOperation.${name}`;

export const amuletOperationType: Typed<AmuletOperation> = t.variant(
  {
    CO_AppPayment: cid(paymentsReferences.appPaymentRequest),
    CO_CompleteAcceptedTransfer: cid(walletReferences.acceptedTransferOffer),
    CO_SubscriptionAcceptAndMakeInitialPayment: cid(paymentsReferences.subscriptionRequest),
    CO_SubscriptionMakePayment: cid(paymentsReferences.subscriptionIdleState),
    CO_MergeTransferInputs: t.unit(),
    CO_BuyMemberTraffic: t.record(
      {
        trafficAmount: t.int64(),
        memberId: t.text(),
        synchronizerId: t.text(),
        migrationId: t.int64(),
        minTopupInterval: t.relTime(),
        topupStateCid: t.optional(
          cid('#splice-wallet:Splice.Wallet.TopUpState:ValidatorTopUpState'),
        ),
      },
      op('CO_BuyMemberTraffic'),
    ),
    CO_CompleteBuyTrafficRequest: t.record(
      { trafficRequestCid: cid(walletReferences.buyTrafficRequest) },
      op('CO_CompleteBuyTrafficRequest'),
    ),
    CO_Tap: t.record({ tapAmount: t.numeric(10) }, op('CO_Tap')),
    ExtAmuletOperation: t.record({ dummyUnitField: t.unit() }, op('ExtAmuletOperation')),
    CO_CreateExternalPartySetupProposal: t.record(
      { externalParty: t.party(), preapprovalExpiresAt: t.time() },
      op('CO_CreateExternalPartySetupProposal'),
    ),
    CO_AcceptTransferPreapprovalProposal: t.record(
      {
        preapprovalProposalCid: cid(walletReferences.transferPreapprovalProposal),
        expiresAt: t.time(),
      },
      op('CO_AcceptTransferPreapprovalProposal'),
    ),
    CO_RenewTransferPreapproval: t.record(
      { previousApprovalCid: cid(amuletReferences.transferPreapproval), newExpiresAt: t.time() },
      op('CO_RenewTransferPreapproval'),
    ),
    CO_TransferPreapprovalSend: t.record(
      {
        transferPreapprovalCid: cid(amuletReferences.transferPreapproval),
        providerFeaturedAppRightCid: t.optional(cid(amuletReferences.featuredAppRight)),
        amount: t.numeric(10),
        description: t.optional(t.text()),
      },
      op('CO_TransferPreapprovalSend'),
    ),
  },
  'Splice.Wallet.Install:AmuletOperation',
);

/** Splice.AmuletRules:InvalidTransferReason, what a failed operation reports. */
export type InvalidTransferReason =
  | Case<'ITR_InsufficientFunds', { readonly missingAmount: string }>
  | Case<'ITR_UnknownSynchronizer', { readonly synchronizerId: string }>
  | Case<
      'ITR_InsufficientTopupAmount',
      { readonly requestedTopupAmount: string; readonly minTopupAmount: string }
    >
  | Case<'ITR_Other', { readonly description: string }>
  | Case<'ExtInvalidTransferReason', { readonly dummyUnitField: Unit }>;

const reason = (name: string) => `Splice.AmuletRules:InvalidTransferReason.${name}`;

export const invalidTransferReasonType: Typed<InvalidTransferReason> = t.variant(
  {
    ITR_InsufficientFunds: t.record(
      { missingAmount: t.numeric(10) },
      reason('ITR_InsufficientFunds'),
    ),
    ITR_UnknownSynchronizer: t.record(
      { synchronizerId: t.text() },
      reason('ITR_UnknownSynchronizer'),
    ),
    ITR_InsufficientTopupAmount: t.record(
      { requestedTopupAmount: t.int64(), minTopupAmount: t.int64() },
      reason('ITR_InsufficientTopupAmount'),
    ),
    ITR_Other: t.record({ description: t.text() }, reason('ITR_Other')),
    // Splice's room for later reasons: never produced, but a reason a client may be sent.
    ExtInvalidTransferReason: t.record(
      { dummyUnitField: t.unit() },
      reason('ExtInvalidTransferReason'),
    ),
  },
  'Splice.AmuletRules:InvalidTransferReason',
);

export type AmuletOperationOutcome =
  | Case<'COO_AcceptedAppPayment', string>
  | Case<
      'COO_CompleteAcceptedTransfer',
      { readonly _1: TransferResult; readonly _2: TransferOfferTrackingInfo }
    >
  | Case<'COO_SubscriptionInitialPayment', string>
  | Case<'COO_SubscriptionPayment', string>
  | Case<'COO_MergeTransferInputs', string | null>
  | Case<'COO_BuyMemberTraffic', string>
  | Case<
      'COO_CompleteBuyTrafficRequest',
      { readonly _1: string; readonly _2: BuyTrafficRequestTrackingInfo }
    >
  | Case<'COO_Tap', string>
  | Case<'COO_Error', InvalidTransferReason>
  | Case<'ExtAmuletOperationOutcome', { readonly dummyUnitField: Unit }>
  | Case<'COO_CreateExternalPartySetupProposal', string>
  | Case<'COO_AcceptTransferPreapprovalProposal', string>
  | Case<'COO_RenewTransferPreapproval', string>
  | Case<'COO_TransferPreapprovalSend', string | null>;

const tuple = <TFirst, TSecond>(first: Typed<TFirst>, second: Typed<TSecond>) =>
  t.record({ _1: first, _2: second }, 'DA.Types:Tuple2');

export const amuletOperationOutcomeType: Typed<AmuletOperationOutcome> = t.variant(
  {
    COO_AcceptedAppPayment: cid(paymentsReferences.acceptedAppPayment),
    COO_CompleteAcceptedTransfer: tuple(transferResultType, transferOfferTrackingInfoType),
    COO_SubscriptionInitialPayment: cid(paymentsReferences.subscriptionInitialPayment),
    COO_SubscriptionPayment: cid(paymentsReferences.subscriptionPayment),
    COO_MergeTransferInputs: t.optional(cid(amuletReferences.amulet)),
    COO_BuyMemberTraffic: cid(amuletReferences.memberTraffic),
    COO_CompleteBuyTrafficRequest: tuple(
      cid(amuletReferences.memberTraffic),
      buyTrafficRequestTrackingInfoType,
    ),
    COO_Tap: cid(amuletReferences.amulet),
    COO_Error: invalidTransferReasonType,
    ExtAmuletOperationOutcome: t.record({ dummyUnitField: t.unit() }),
    COO_CreateExternalPartySetupProposal: cid(amuletReferences.externalPartySetupProposal),
    COO_AcceptTransferPreapprovalProposal: cid(amuletReferences.transferPreapproval),
    COO_RenewTransferPreapproval: cid(amuletReferences.transferPreapproval),
    COO_TransferPreapprovalSend: t.optional(cid(amuletReferences.amulet)),
  },
  'Splice.Wallet.Install:AmuletOperationOutcome',
);
