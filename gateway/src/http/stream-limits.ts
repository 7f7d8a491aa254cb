import { z } from 'zod';

/**
 * How much a server-push connection (a Ledger API WebSocket, a server-sent event stream) may
 * hold in this process for its client. A client that reads slower than the server produces
 * stops being fed, or is cut off, so one slow client neither grows the heap nor slows others.
 */
export const streamLimitsSchema = z.object({
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
});

export type StreamLimits = z.infer<typeof streamLimitsSchema>;

/** 4 MiB waiting and 30 s without reading: generous for a client that is merely busy. */
export const defaultStreamLimits: StreamLimits = {
  highWaterMark: 4 * 1024 * 1024,
  stallTimeoutMs: 30_000,
};

/** The limits to run with: the defaults, overridden by what the deployment set. */
export const streamLimitsOf = (overrides: Partial<StreamLimits> = {}): StreamLimits =>
  streamLimitsSchema.parse({ ...defaultStreamLimits, ...overrides });
