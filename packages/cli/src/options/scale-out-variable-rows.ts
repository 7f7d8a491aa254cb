import { defaultMinLimit, defaultTolerance } from '@pocketnet/runtime';
import { numberBetween, oneOf, positiveInteger } from './option-checks.ts';
import type { OptionRow } from './option-table.ts';

const variable = (
  env: string,
  defaultValue: string | null,
  description: string,
  check?: (text: string) => string | null,
): OptionRow => ({
  flag: null,
  env,
  kind: 'string',
  placeholder: '<n>',
  defaultValue,
  description,
  ...(check ? { check } : {}),
});

/**
 * Load shedding and the scaled-out roles' knobs (automations' `scaleOutSettings`): variables
 * alone, as docker-compose sets them.
 */
export const scaleOutVariableRows: readonly OptionRow[] = [
  variable(
    'POCKETNET_MAX_IN_FLIGHT',
    '256',
    'commands admitted at once; beyond, PARTICIPANT_BACKPRESSURE',
    positiveInteger,
  ),
  variable(
    'POCKETNET_WRITER_MAX_QUEUE_MS',
    '2000',
    'a command that waited longer (ms) for the writer is refused with backpressure',
    positiveInteger,
  ),
  variable(
    'POCKETNET_ADAPTIVE_LIMIT',
    '0',
    '1: the in-flight limit adapts to latency under POCKETNET_MAX_IN_FLIGHT',
    oneOf('0', '1'),
  ),
  variable(
    'POCKETNET_MIN_IN_FLIGHT',
    String(defaultMinLimit),
    "the adaptive limit's floor",
    positiveInteger,
  ),
  variable(
    'POCKETNET_LATENCY_TOLERANCE',
    String(defaultTolerance),
    'how many times its no-load latency the adaptive limit lets latency reach',
    numberBetween(1.1, 100),
  ),
  variable(
    'POCKETNET_COMMAND_TIMEOUT_MS',
    '10000',
    "how long a gateway replica waits for the writer's answer",
    positiveInteger,
  ),
  variable(
    'POCKETNET_WRITER_CONCURRENCY',
    '256',
    'commands the writer runs at once',
    positiveInteger,
  ),
  variable(
    'POCKETNET_JOB_LOCK_MS',
    '30000',
    "a worker's lock on a job: a killed worker's jobs run again once it lapses",
    positiveInteger,
  ),
  variable(
    'POCKETNET_REDIS_CHECK_MS',
    '10000',
    'how often a served Redis is checked again for AOF and no eviction',
    positiveInteger,
  ),
  variable(
    'POCKETNET_REUSE_PORT',
    '0',
    '1: gateways listen with SO_REUSEPORT, so several share one port (Linux)',
    oneOf('0', '1'),
  ),
];

/** The scaled-out roles' knobs, as `scaleOutSettings` takes them. */
export const scaleOutVariables = scaleOutVariableRows.flatMap((row) => (row.env ? [row.env] : []));
