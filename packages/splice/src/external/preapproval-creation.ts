import type { ChoiceSelf, TransactionContext } from '@pocketnet/ledger';
import { defineChoice, formatNumeric } from '@pocketnet/ledger';
import type { AmuletRules } from '../amulet/rules/amulet-rules-fields.ts';
import { checkExpectedDso } from '../amulet/rules/amulet-rules-fields.ts';
import { nowMicros, timeMicros } from '../amulet/support/time.ts';
import type { TransferInput } from '../amulet/types/transfer-types.ts';
import { fetchOpenRound, readPreapprovalFeeConfig } from './amulet-reads.ts';
import { externalReferences } from './amulet-references.ts';
import type { PaymentTransferContext } from './amulet-types.ts';
import {
  createExternalPartySetupProposalArgument,
  createExternalPartySetupProposalResultType,
  createTransferPreapprovalArgument,
  createTransferPreapprovalResultType,
} from './preapproval-creation-types.ts';
import { burnPreapprovalFee, preapprovalFeeAmulet } from './preapproval-fees.ts';

// Choices of AmuletRules that create a TransferPreapproval (or the proposal to accept one),
// written here with the preapproval and plugged into AmuletRules by the amulet core.

type Payment = {
  readonly context: PaymentTransferContext;
  readonly inputs: readonly TransferInput[];
  readonly expectedDso: string | null;
  readonly optCreatedAt: string | null;
};

/** Checks the caller's DSO, pays for `[createdAt, expiresAt)` and returns what was burnt. */
function payForPreapproval(
  tx: TransactionContext,
  self: ChoiceSelf<AmuletRules>,
  payment: Payment & { readonly payer: string; readonly expiresAt: string; readonly usage: string },
) {
  const { dso } = self.payload;
  checkExpectedDso(tx, dso, payment.expectedDso);
  const createdAt = payment.optCreatedAt ?? tx.now();
  if (timeMicros(createdAt) > nowMicros(tx)) tx.fail('optCreatedAt must not be in the future');
  if (timeMicros(payment.expiresAt) <= nowMicros(tx)) tx.fail('expiresAt is in the past');
  // As upstream, the fee is burnt under these rules; the context's amuletRules is not used.
  const { context } = payment.context;
  const round = fetchOpenRound(tx, dso, context.openMiningRound);
  const amount = preapprovalFeeAmulet({
    config: readPreapprovalFeeConfig(self.payload),
    amuletPrice: round.amuletPrice,
    coveredMicros: timeMicros(payment.expiresAt) - timeMicros(createdAt),
    paidMicros: 0n,
  });
  const burn = burnPreapprovalFee(tx, {
    dso,
    context,
    payer: payment.payer,
    inputs: payment.inputs,
    amount,
    usage: payment.usage,
  });
  return { dso, createdAt, amuletPaid: formatNumeric(amount), ...burn };
}

/** `AmuletRules_CreateTransferPreapproval` (controllers provider and receiver). */
export const amuletRulesCreateTransferPreapproval = defineChoice({
  controllers: (_rules: AmuletRules, { provider, receiver }) => [provider, receiver],
  consuming: false,
  argument: createTransferPreapprovalArgument,
  result: createTransferPreapprovalResultType,
  body: (tx, self, argument) => {
    const { receiver, provider, expiresAt } = argument;
    const paid = payForPreapproval(tx, self, {
      ...argument,
      payer: provider,
      usage: 'create TransferPreapproval',
    });
    const transferPreapprovalCid = tx.create(externalReferences.transferPreapproval, {
      dso: paid.dso,
      receiver,
      provider,
      validFrom: paid.createdAt,
      lastRenewedAt: paid.createdAt,
      expiresAt,
    });
    const { transferResult, amuletPaid, meta } = paid;
    return { transferPreapprovalCid, transferResult, amuletPaid, meta };
  },
});

/** `AmuletRules_CreateExternalPartySetupProposal` (controller validator, who pays). */
export const amuletRulesCreateExternalPartySetupProposal = defineChoice({
  controllers: (_rules: AmuletRules, { validator }) => [validator],
  consuming: false,
  argument: createExternalPartySetupProposalArgument,
  result: createExternalPartySetupProposalResultType,
  body: (tx, self, argument) => {
    const { user, validator, preapprovalExpiresAt } = argument;
    const paid = payForPreapproval(tx, self, {
      ...argument,
      payer: validator,
      expiresAt: preapprovalExpiresAt,
      usage: 'create ExternalPartySetupProposal',
    });
    const proposalCid = tx.create(externalReferences.externalPartySetupProposal, {
      validator,
      user,
      dso: paid.dso,
      createdAt: paid.createdAt,
      preapprovalExpiresAt,
    });
    const { transferResult, amuletPaid, meta } = paid;
    return { proposalCid, user, validator, transferResult, amuletPaid, meta };
  },
});

/** Spread into AmuletRules' choices: `choices: (choice) => ({ ...theirs, ...amuletRulesPreapprovalChoices })`. */
export const amuletRulesPreapprovalChoices = {
  AmuletRules_CreateTransferPreapproval: amuletRulesCreateTransferPreapproval,
  AmuletRules_CreateExternalPartySetupProposal: amuletRulesCreateExternalPartySetupProposal,
};
