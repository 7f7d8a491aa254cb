import { z } from 'zod';
import {
  decimalSchema,
  durationSchema,
  partySchema,
  positiveIntegerSchema,
} from './config-values.schema.ts';

const sweepSchema = z
  .object({
    receiver: partySchema,
    maxBalanceUSD: decimalSchema,
    minBalanceUSD: decimalSchema,
    useTransferPreapproval: z.boolean().default(false),
  })
  .strict()
  .superRefine((sweep, context) => {
    if (sweep.minBalanceUSD >= sweep.maxBalanceUSD) {
      context.addIssue({
        code: 'custom',
        path: ['minBalanceUSD'],
        message: 'must be less than maxBalanceUSD',
      });
    }
  });

/**
 * The validator's automation configuration (a YAML or JSON file given by `--config`), with the
 * seed's keys: the wallet user, the traffic top-up, sweeps per sender and auto-accepts per
 * receiver, as Splice's validator app takes them; and a few knobs of pocketnet's own.
 */
export const automationConfigSchema = z
  .object({
    validatorWalletUser: z.string().min(1).optional(),
    topup: z
      .object({
        /** Bytes per second of traffic the validator wants to be able to send. */
        targetThroughput: positiveIntegerSchema,
        minTopupInterval: durationSchema,
      })
      .strict()
      .optional(),
    /** Sender party → where its balance above maxBalanceUSD goes, down to minBalanceUSD. */
    walletSweep: z.record(partySchema, sweepSchema).default({}),
    /** Receiver party → the senders whose transfer offers it accepts automatically. */
    autoAcceptTransfers: z
      .record(partySchema, z.object({ fromParties: z.array(partySchema).min(1) }).strict())
      .default({}),
    /** The wallet's own merging of small amulets. */
    amuletMerge: z
      .object({ belowAmount: decimalSchema, minCount: z.number().int().min(2) })
      .strict()
      .default({ belowAmount: 10n ** 10n, minCount: 10 }),
    transferPreapproval: z
      .object({ renewBefore: durationSchema, lifetime: durationSchema })
      .strict()
      .optional(),
    /** Jobs each queue's worker runs at once. */
    concurrency: z.number().int().min(1).max(64).default(1),
  })
  .strict();

export type AutomationConfig = z.output<typeof automationConfigSchema>;
export type AutomationConfigInput = z.input<typeof automationConfigSchema>;
