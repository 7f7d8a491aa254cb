import { z } from 'zod';

export const advanceTimeRequestSchema = z.object({
  seconds: z
    .number()
    .nonnegative()
    .max(10 * 365 * 24 * 3600),
});
export type AdvanceTimeRequest = z.output<typeof advanceTimeRequestSchema>;

export const advanceRoundsRequestSchema = z.object({
  count: z.number().int().min(1).max(1000).default(1),
});
export type AdvanceRoundsRequest = z.output<typeof advanceRoundsRequestSchema>;

export const amuletPriceRequestSchema = z.object({
  price: z.union([z.string().regex(/^\d+(\.\d+)?$/), z.number().positive()]),
});
export type AmuletPriceRequest = z.output<typeof amuletPriceRequestSchema>;

/** `POST /v2/time`: moves the ledger time forward; `currentTime`, when given, must match now. */
export const setTimeRequestSchema = z.object({
  currentTime: z.string().datetime({ offset: true }).optional(),
  newTime: z.string().datetime({ offset: true }),
});
export type SetTimeRequest = z.output<typeof setTimeRequestSchema>;

/** `POST /api/devnet/v0/revert`: the id `POST /api/devnet/v0/snapshot` answered. */
export const revertRequestSchema = z.object({
  id: z.string().min(1).max(64),
});
export type RevertRequest = z.output<typeof revertRequestSchema>;
