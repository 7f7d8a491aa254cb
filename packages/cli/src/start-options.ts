import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import type { RequestLimits, StreamLimits } from '@pocketnet/gateway';
import {
  isSpliceDarsError,
  readSpliceDarSet,
  type SpliceDarSet,
} from '@pocketnet/runtime/splice-dars';
import { parseDuration } from './duration.ts';
import { requestLimitsOption } from './request-limits-option.ts';
import { resolveSpliceDars } from './splice-dars/splice-dars-cache.ts';
import { isStartOptionError, StartOptionError } from './start-option-error.ts';
import { streamLimitsOption } from './stream-limits-option.ts';

export type StartOptions = {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly ephemeral: boolean;
  /**
   * `--journal`: where the journal lives: a data folder (`file`), memory (`--ephemeral`) or a
   * Redis Stream (`redis`: the default with REDIS_URL unless --data-dir or --ephemeral is given).
   */
  readonly journal: 'file' | 'memory' | 'redis';
  readonly auth:
    | { readonly mode: 'hs256'; readonly secret: string; readonly audience: string }
    | { readonly mode: 'jwks'; readonly jwksUrl: string; readonly audience: string }
    | { readonly mode: 'none' };
  readonly localnetPorts: boolean;
  /**
   * `--localnet`: LocalNet's shape: its login (an OpenID provider on 8082 with its realms),
   * its ports and its validator users.
   */
  readonly localnet: boolean;
  readonly ledgerApiVersion: string;
  readonly logLevel: string;
  /** Modules whose exported packages (definePackage) the node runs beside the examples. */
  readonly packageModules: readonly string[];
  /** The devnet to create on an empty journal; null runs a bare ledger. */
  readonly devnet: {
    readonly seed: string;
    readonly tickMicros: bigint;
    readonly validatorWalletUser: string;
  } | null;
  /** `--config <file>`: the validator's automation configuration (YAML or JSON). */
  readonly configFile: string | null;
  /** `REDIS_URL`: run the automations on BullMQ in this Redis; in process without it. */
  readonly redisUrl: string | null;
  /** `POCKETNET_REDIS_PREFIX`: the key prefix of the queues in Redis (default `pocketnet`). */
  readonly redisPrefix: string;
  /**
   * `--redis-durability aof|none` (POCKETNET_REDIS_DURABILITY): whether a journal in Redis
   * requires Redis's AOF (`appendonly yes`, the default), or takes any Redis (throwaway devnets).
   */
  readonly redisDurability: 'aof' | 'none';
  /** `--inspect stately`: also send the actors' inspection events to Stately's inspector. */
  readonly inspect: { readonly mode: 'stately'; readonly port: number } | null;
  /** `--synchronizers global,app1`: the synchronizers the node hosts (`global` alone by default). */
  readonly synchronizers: readonly string[];
  /** Scan: node time between ACS snapshots (µs), and whether bulk storage is served. */
  readonly scan: { readonly acsSnapshotIntervalMicros: bigint; readonly bulkStorage: boolean };
  /**
   * `--stream-high-water-mark`, `--stream-stall-timeout` (POCKETNET_STREAM_HIGH_WATER_MARK,
   * POCKETNET_STREAM_STALL_TIMEOUT): what a streaming connection may hold for a slow client.
   */
  readonly streamLimits: StreamLimits;
  /**
   * `--max-upload-size`, `--graphql-max-mutation-fields` (POCKETNET_MAX_UPLOAD_SIZE,
   * POCKETNET_GRAPHQL_MAX_MUTATION_FIELDS): what one request may ask of the node.
   */
  readonly requestLimits: RequestLimits;
  /**
   * `--splice-dars DIR|VERSION` (POCKETNET_SPLICE_DARS): run Splice's own packages, from a folder
   * or a release fetched into the cache (issue 21); null for the built-in TypeScript Splice.
   */
  readonly spliceDars: SpliceDarSet | null;
};

// A function, so that the defaults taken from the environment are read at each parse.
const startArgs = () =>
  ({
    port: { type: 'string', default: process.env.POCKETNET_PORT ?? '7575' },
    host: { type: 'string', default: '127.0.0.1' },
    'data-dir': { type: 'string' },
    journal: { type: 'string' },
    ephemeral: { type: 'boolean', default: false },
    auth: { type: 'string', default: 'hs256' },
    'auth-secret': { type: 'string', default: 'unsafe' },
    'auth-audience': { type: 'string', default: 'https://canton.network.global' },
    'jwks-url': { type: 'string' },
    'localnet-ports': { type: 'boolean', default: false },
    localnet: { type: 'boolean', default: false },
    'ledger-api-version': { type: 'string', default: '3.4.12' },
    'log-level': { type: 'string', default: process.env.LOG_LEVEL ?? 'warn' },
    package: { type: 'string', multiple: true, default: [] },
    devnet: { type: 'boolean', default: true },
    'no-devnet': { type: 'boolean', default: false },
    seed: { type: 'string', default: '0' },
    tick: { type: 'string', default: '10m' },
    'validator-wallet-user': { type: 'string', default: 'administrator' },
    'acs-snapshot-interval': { type: 'string', default: '3h' },
    'no-bulk-storage': { type: 'boolean', default: false },
    inspect: { type: 'string' },
    'inspect-port': { type: 'string', default: '7576' },
    config: { type: 'string' },
    synchronizers: { type: 'string', default: 'global' },
    'redis-durability': {
      type: 'string',
      default: process.env.POCKETNET_REDIS_DURABILITY || 'aof',
    },
    'stream-high-water-mark': { type: 'string' },
    'stream-stall-timeout': { type: 'string' },
    'stream-total-high-water-mark': { type: 'string' },
    'max-upload-size': { type: 'string' },
    'graphql-max-mutation-fields': { type: 'string' },
    'splice-dars': { type: 'string', default: process.env.POCKETNET_SPLICE_DARS || undefined },
  }) satisfies ParseArgsOptionsConfig;

/** node:util's own refusals (an unknown option, a value missing) are one line each. */
const isParseArgsError = (error: unknown): error is Error =>
  error instanceof Error && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');

function readArgs(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      options: startArgs(),
    }).values;
  } catch (error) {
    if (isParseArgsError(error)) throw new StartOptionError(error.message);
    throw error;
  }
}

/** The options of `start` (and of the scaled-out roles); a bad one throws StartOptionError. */
export function parseStartOptions(args: readonly string[]): StartOptions {
  const values = readArgs(args);
  if (values.localnet && journalOption(values) === 'redis')
    throw new StartOptionError(
      '--localnet runs on the file or memory journal (--data-dir or --ephemeral)',
    );
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new StartOptionError(`invalid --port ${values.port}`);
  return {
    port,
    host: values.host,
    dataDir: values['data-dir'] ?? '.pocketnet',
    ephemeral: values.ephemeral,
    journal: journalOption(values),
    auth: authOption(values.auth, values),
    localnetPorts: values['localnet-ports'] || values.localnet,
    localnet: values.localnet,
    ledgerApiVersion: values['ledger-api-version'],
    logLevel: values['log-level'],
    packageModules: values.package,
    devnet:
      values['no-devnet'] || !values.devnet
        ? null
        : {
            seed: values.seed,
            tickMicros: durationOption('--tick', values.tick),
            validatorWalletUser: values['validator-wallet-user'],
          },
    configFile: values.config ?? null,
    redisUrl: process.env.REDIS_URL || null,
    redisPrefix: process.env.POCKETNET_REDIS_PREFIX || 'pocketnet',
    redisDurability: redisDurabilityOption(values['redis-durability']),
    inspect: inspectOption(values.inspect, values['inspect-port']),
    synchronizers: synchronizersOption(values.synchronizers),
    scan: {
      acsSnapshotIntervalMicros: durationOption(
        '--acs-snapshot-interval',
        values['acs-snapshot-interval'],
      ),
      bulkStorage: !values['no-bulk-storage'],
    },
    streamLimits: streamLimitsOption(values, process.env),
    requestLimits: requestLimitsOption(values, process.env),
    spliceDars: spliceDarsOption(values['splice-dars']),
  };
}

/**
 * The options, or null once the one-line reason a bad one is refused for has been written to
 * `stderr` (the command then exits with code 2).
 */
export function readStartOptions(
  args: readonly string[],
  stderr: NodeJS.WritableStream,
  command: string,
): StartOptions | null {
  try {
    return parseStartOptions(args);
  } catch (error) {
    if (!isStartOptionError(error)) throw error;
    stderr.write(`${command}: ${error.message}\n`);
    return null;
  }
}

function durationOption(flag: string, text: string): bigint {
  try {
    return parseDuration(text);
  } catch {
    throw new StartOptionError(`invalid ${flag} ${text}: use e.g. 10m, 30s, 1500ms`);
  }
}

function journalOption(values: {
  journal?: string | undefined;
  ephemeral: boolean;
  'data-dir'?: string | undefined;
}): StartOptions['journal'] {
  const { journal } = values;
  if (journal === 'file' || journal === 'memory' || journal === 'redis') {
    if (journal === 'redis' && !process.env.REDIS_URL)
      throw new StartOptionError('--journal redis needs REDIS_URL');
    return journal;
  }
  if (journal !== undefined)
    throw new StartOptionError(`unknown --journal ${journal}: use file, memory or redis`);
  if (values.ephemeral) return 'memory';
  return process.env.REDIS_URL && values['data-dir'] === undefined ? 'redis' : 'file';
}

function redisDurabilityOption(value: string): StartOptions['redisDurability'] {
  if (value === 'aof' || value === 'none') return value;
  throw new StartOptionError(`unknown --redis-durability ${value}: use aof or none`);
}

function authOption(
  mode: string,
  values: { 'auth-secret': string; 'auth-audience': string; 'jwks-url'?: string | undefined },
): StartOptions['auth'] {
  if (mode === 'none') return { mode: 'none' };
  if (mode === 'hs256') {
    return { mode: 'hs256', secret: values['auth-secret'], audience: values['auth-audience'] };
  }
  if (mode === 'jwks') {
    if (!values['jwks-url']) throw new StartOptionError('--auth jwks needs --jwks-url');
    return { mode: 'jwks', jwksUrl: values['jwks-url'], audience: values['auth-audience'] };
  }
  throw new StartOptionError(`unknown --auth ${mode}: use hs256, jwks or none`);
}

/** `global,app1`: names of synchronizers, `global` among them (the global synchronizer). */
function synchronizersOption(list: string): readonly string[] {
  const names = list.split(',').map((name) => name.trim());
  if (
    !names.includes('global') ||
    names.some((name) => !/^[a-zA-Z0-9][a-zA-Z0-9_-]*$/.test(name))
  ) {
    throw new StartOptionError(
      `invalid --synchronizers ${list}: use e.g. global,app1 (global is required)`,
    );
  }
  if (new Set(names).size !== names.length)
    throw new StartOptionError(`--synchronizers ${list} repeats a name`);
  return names;
}

function inspectOption(mode: string | undefined, port: string): StartOptions['inspect'] {
  if (mode === undefined) return null;
  if (mode !== 'stately') throw new StartOptionError(`unknown --inspect ${mode}: use stately`);
  const number = Number(port);
  if (!Number.isInteger(number) || number < 1 || number > 65535)
    throw new StartOptionError(`invalid --inspect-port ${port}`);
  return { mode, port: number };
}

function spliceDarsOption(value: string | undefined): StartOptions['spliceDars'] {
  if (value === undefined || value === '') return null;
  try {
    const { dir, release } = resolveSpliceDars(value);
    return readSpliceDarSet(dir, release);
  } catch (error) {
    if (isSpliceDarsError(error)) throw new StartOptionError(error.message);
    throw error;
  }
}
