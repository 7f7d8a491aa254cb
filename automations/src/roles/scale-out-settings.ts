import { type AdaptiveLimitSettings, defaultMinLimit, defaultTolerance } from '@pocketnet/runtime';
import { z } from 'zod';

const milliseconds = z.coerce.number().int().positive();

/**
 * The scaled-out roles' knobs, from the environment (as docker-compose sets them), with their
 * defaults. A bad value stops the process at start, naming the variable.
 */
const settingsSchema = z.object({
  /** How long a replica waits for the writer's answer to a command. */
  POCKETNET_COMMAND_TIMEOUT_MS: milliseconds.default(10_000),
  /** Commands a gateway forwards at once at most; beyond, PARTICIPANT_BACKPRESSURE. */
  POCKETNET_MAX_IN_FLIGHT: z.coerce.number().int().positive().default(256),
  /**
   * `1`: the in-flight limit adapts to latency under POCKETNET_MAX_IN_FLIGHT (gateway replicas,
   * and `start`'s and the writer's own APIs); unset or `0`: fixed at POCKETNET_MAX_IN_FLIGHT.
   * Opt-in, because a limit that holds latency down also refuses an ordinary burst above its
   * floor on a node that is merely busy (clients that do not retry backpressure then fail).
   */
  POCKETNET_ADAPTIVE_LIMIT: z.enum(['0', '1']).optional(),
  /** The adaptive limit's floor (never above POCKETNET_MAX_IN_FLIGHT). */
  POCKETNET_MIN_IN_FLIGHT: z.coerce.number().int().positive().default(defaultMinLimit),
  /** How many times its no-load latency the adaptive limit lets commands' latency reach. */
  POCKETNET_LATENCY_TOLERANCE: z.coerce.number().min(1.1).max(100).default(defaultTolerance),
  /** A command that waited longer than this for the writer is refused with backpressure. */
  POCKETNET_WRITER_MAX_QUEUE_MS: milliseconds.default(2000),
  /** Commands the writer runs at once. */
  POCKETNET_WRITER_CONCURRENCY: z.coerce.number().int().positive().default(256),
  /** A worker's lock on a job: a killed worker's jobs run again once it lapses. */
  POCKETNET_JOB_LOCK_MS: milliseconds.default(30_000),
  /**
   * How often a writer (or `start` on Redis) asks its Redis whether it still keeps what it
   * acknowledges (AOF on, no eviction): a Redis reconfigured while served is noticed this late.
   */
  POCKETNET_REDIS_CHECK_MS: milliseconds.default(10_000),
  /** `1`: gateways listen with SO_REUSEPORT, so several share one port (Linux). */
  POCKETNET_REUSE_PORT: z.enum(['0', '1']).default('0'),
});

/** A knob with a bad value: the process stops at start, naming the variable. */
export class ScaleOutSettingsError extends Error {
  override readonly name = 'ScaleOutSettingsError';
}

export type ScaleOutSettings = {
  readonly commandTimeoutMs: number;
  readonly maxInFlight: number;
  /** A gateway replica's adaptive limit of commands it forwards; null: fixed at maxInFlight. */
  readonly adaptiveLimit: AdaptiveLimitSettings | null;
  /**
   * The adaptive limit of a process's own API admission (`start`, the writer); null: fixed.
   * Off unless asked for: there the commands run on the event loop that also refuses the
   * excess, so under a flood latency is the loop's, not the queue's, and a limit that shrinks
   * for it only starves the node (measured: 4,600 accepted/s fixed, 90/s adaptive).
   */
  readonly adaptiveAdmission: AdaptiveLimitSettings | null;
  readonly writerMaxQueueMs: number;
  readonly writerConcurrency: number;
  readonly jobLockMs: number;
  readonly reusePort: boolean;
  readonly redisCheckMs: number;
};

export function scaleOutSettings(env: NodeJS.ProcessEnv): ScaleOutSettings {
  const parsed = settingsSchema.safeParse(
    Object.fromEntries(
      Object.keys(settingsSchema.shape).flatMap((key) =>
        env[key] === undefined || env[key] === '' ? [] : [[key, env[key]]],
      ),
    ),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ScaleOutSettingsError(
      `invalid ${String(issue?.path[0])}: ${issue?.message ?? 'bad value'}`,
    );
  }
  const values = parsed.data;
  const adaptive = {
    minLimit: values.POCKETNET_MIN_IN_FLIGHT,
    tolerance: values.POCKETNET_LATENCY_TOLERANCE,
  };
  return {
    commandTimeoutMs: values.POCKETNET_COMMAND_TIMEOUT_MS,
    maxInFlight: values.POCKETNET_MAX_IN_FLIGHT,
    adaptiveLimit: values.POCKETNET_ADAPTIVE_LIMIT === '1' ? adaptive : null,
    adaptiveAdmission: values.POCKETNET_ADAPTIVE_LIMIT === '1' ? adaptive : null,
    writerMaxQueueMs: values.POCKETNET_WRITER_MAX_QUEUE_MS,
    writerConcurrency: values.POCKETNET_WRITER_CONCURRENCY,
    jobLockMs: values.POCKETNET_JOB_LOCK_MS,
    reusePort: values.POCKETNET_REUSE_PORT === '1',
    redisCheckMs: values.POCKETNET_REDIS_CHECK_MS,
  };
}
