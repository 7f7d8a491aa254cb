import type { PayloadOf } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import {
  requireDeadlineExceeded,
  requireWithinDeadline,
  timeMicros,
} from '../amulet/support/time.ts';
import { transferInputType } from '../amulet/types/transfer-types.ts';
import { spliceAmulet } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { paymentTransferContextType } from './amulet-types.ts';
import { renewPreapproval } from './preapproval-renewal.ts';
import { sendThroughPreapproval, sendThroughPreapprovalV2 } from './preapproval-send.ts';
import {
  cancelResultType,
  expireResultType,
  renewResultType,
  sendArgument,
  sendResultType,
  sendV2Argument,
  sendV2ResultType,
} from './preapproval-types.ts';

const preapprovalFields = {
  dso: t.party(),
  receiver: t.party(),
  /** Manages (renews) the preapproval and is the app provider of transfers through it. */
  provider: t.party(),
  /** Start of the period paid for; kept across renewals. */
  validFrom: t.time(),
  lastRenewedAt: t.time(),
  expiresAt: t.time(),
};

/**
 * `Splice.AmuletRules:TransferPreapproval`: the receiver accepts amulet from anyone in one
 * step. Only its three signatories see it; a sender uses it through disclosure by the registry.
 */
export const transferPreapproval = tiedToSplice(
  spliceAmulet['Splice.AmuletRules'].TransferPreapproval,
  defineTemplate({
    id: {
      packageName: 'splice-amulet',
      module: 'Splice.AmuletRules',
      entity: 'TransferPreapproval',
    },
    fields: preapprovalFields,
    signatories: ({ receiver, provider, dso }) => [receiver, provider, dso],
    ensure: ({ validFrom, lastRenewedAt, expiresAt }) =>
      (timeMicros(expiresAt) > timeMicros(validFrom) &&
        timeMicros(lastRenewedAt) >= timeMicros(validFrom)) ||
      'expiresAt must be after validFrom, lastRenewedAt not before it',
    choices: (choice) => ({
      TransferPreapproval_Fetch: choice({
        controllers: (_payload, { p }) => [p],
        consuming: false,
        argument: { p: t.party() },
        result: t.record(preapprovalFields, 'Splice.AmuletRules:TransferPreapproval'),
        body: (_tx, self) => self.payload,
      }),
      TransferPreapproval_Send: choice({
        controllers: (_payload, { sender }) => [sender],
        consuming: false,
        argument: sendArgument,
        result: sendResultType,
        body: (tx, self, argument) => sendThroughPreapproval(tx, self.payload, argument),
      }),
      TransferPreapproval_SendV2: choice({
        controllers: (_payload, { sender }) => [sender],
        consuming: false,
        argument: sendV2Argument,
        result: sendV2ResultType,
        body: (tx, self, argument) => sendThroughPreapprovalV2(tx, self.payload, argument),
      }),
      TransferPreapproval_Renew: choice({
        controllers: ({ provider }) => [provider],
        argument: {
          context: paymentTransferContextType,
          inputs: t.list(transferInputType),
          newExpiresAt: t.time(),
        },
        result: renewResultType,
        body: (tx, self, argument) => renewPreapproval(tx, self.payload, argument),
      }),
      TransferPreapproval_Expire: choice({
        controllers: ({ dso }) => [dso],
        argument: {},
        result: expireResultType,
        body: (tx, self) => {
          requireDeadlineExceeded(tx, 'TransferPreapproval.expiresAt', self.payload.expiresAt);
          return {};
        },
      }),
      TransferPreapproval_Cancel: choice({
        controllers: (_payload, { p }) => [p],
        argument: { p: t.party() },
        result: cancelResultType,
        body: (tx, self, { p }) => {
          const { receiver, provider, expiresAt } = self.payload;
          if (p !== receiver && p !== provider) tx.fail(`${p} is neither receiver nor provider`);
          requireWithinDeadline(tx, 'TransferPreapproval.expiresAt', expiresAt);
          return 'TransferPreapproval_CancelResult' as const;
        },
      }),
    }),
  }),
  {},
);

export type TransferPreapproval = PayloadOf<typeof transferPreapproval>;
