import { z } from 'zod';

/** 256 MiB: what all slow clients together may cost the heap before the worst is cut off. */
const defaultTotalHighWaterMark = 256 * 1024 * 1024;

/**
 * How much a server-push connection (a Ledger API WebSocket, a server-sent event stream) may
 * hold in this process for its client. A client that reads slower than the server produces
 * stops being fed, or is cut off, so one slow client neither grows the heap nor slows others.
 */
export const streamLimitsSchema = z
  .object({
    /**
     * Bytes waiting to be written to one client (`ws.bufferedAmount`, a response's
     * `writableLength`) above which it is fed nothing more until it has read them. At least
     * 64 KiB: below a socket's own high-water mark it would never report that it has drained.
     */
    highWaterMark: z
      .number()
      .int()
      .min(64 * 1024),
    /** How long a client may stay over the mark, reading nothing, before it is cut off. */
    stallTimeoutMs: z.number().int().positive(),
    /**
     * Bytes held for all clients of this process together (every kind of stream) above which
     * the client holding the most is cut off, until the total is under it again: many clients,
     * each under its own mark, would otherwise hold the mark times their number.
     */
    totalHighWaterMark: z.number().int().positive().default(defaultTotalHighWaterMark),
  })
  .refine((limits) => limits.totalHighWaterMark >= limits.highWaterMark, {
    message: 'totalHighWaterMark must be at least highWaterMark',
    path: ['totalHighWaterMark'],
  });

/** The limits as a deployment gives them: the total may be left to its default. */
export type StreamLimits = z.input<typeof streamLimitsSchema>;

/** The limits in force, every one of them set. */
export type StreamLimitsInForce = z.output<typeof streamLimitsSchema>;

/** 4 MiB waiting and 30 s without reading: generous for a client that is merely busy. */
export const defaultStreamLimits: StreamLimitsInForce = {
  highWaterMark: 4 * 1024 * 1024,
  stallTimeoutMs: 30_000,
  totalHighWaterMark: defaultTotalHighWaterMark,
};

/** The limits to run with: the defaults, overridden by what the deployment set. */
export const streamLimitsOf = (overrides: Partial<StreamLimits> = {}): StreamLimitsInForce =>
  streamLimitsSchema.parse({ ...defaultStreamLimits, ...overrides });
