import {
  type ScaleOutSettings,
  ScaleOutSettingsError,
  scaleOutSettings,
} from '@pocketnet/automations';
import type { RequestLimits, StreamLimits } from '@pocketnet/gateway';
import {
  isSpliceDarsError,
  readSpliceDarSet,
  type SpliceDarSet,
} from '@pocketnet/runtime/splice-dars';
import { type CommandName, helpOf, prefixOf } from './command-help.ts';
import { parseDuration } from './duration.ts';
import { type ReadOptions, readOptions } from './options/option-table.ts';
import { scaleOutVariables } from './options/scale-out-variable-rows.ts';
import { startOptionRows } from './options/start-option-rows.ts';
import { resolveSpliceDars } from './splice-dars/splice-dars-cache.ts';
import { isStartOptionError, StartOptionError } from './start-option-error.ts';
import { parseByteSize, streamLimitsOption } from './stream-limits-option.ts';

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
  /** Load shedding and the scaled-out roles' knobs (POCKETNET_MAX_IN_FLIGHT, …). */
  readonly scaleOut: ScaleOutSettings;
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
  /** `--load-state FILE`: start from a state file (`GET /api/devnet/v0/state`) on an empty journal. */
  readonly loadState: string | null;
  /** `--dump-state FILE`: write the node's state file there on exit. */
  readonly dumpState: string | null;
  /** `--fixture FILE`: users, parties, taps, preapprovals, names and delegations to create at start. */
  readonly fixture: string | null;
};

/** Where a refused start option is explained: the command's own help. */
const helpHint = (command: CommandName) => `(pocketnet ${command} --help lists the options)`;

/** The options of `start` (and of the scaled-out roles); a bad one throws StartOptionError. */
export function parseStartOptions(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): StartOptions {
  return startOptionsOf(readOptions(startOptionRows, args, env));
}

function startOptionsOf(read: ReadOptions): StartOptions {
  const options = optionsOf(read);
  if (options.localnet && options.journal === 'redis') {
    throw new StartOptionError(
      '--localnet runs on the file or memory journal (--data-dir or --ephemeral)',
    );
  }
  return options;
}

function optionsOf(read: ReadOptions): StartOptions {
  const text = (key: string) => read.values.get(key)?.text;
  const given = (key: string) => {
    const value = read.values.get(key);
    if (value === undefined) throw new Error(`the option table has no default for ${key}`);
    return value;
  };
  const required = (key: string) => given(key).text;
  const redisUrl = text('redis-url') ?? null;
  return {
    port: Number(required('port')),
    host: required('host'),
    dataDir: required('data-dir'),
    ephemeral: read.flags.has('ephemeral'),
    journal: journalOption(text('journal'), {
      ephemeral: read.flags.has('ephemeral'),
      dataDirGiven: read.flags.has('data-dir'),
      redisUrl,
    }),
    auth: authOption(required('auth'), {
      secret: required('auth-secret'),
      audience: required('auth-audience'),
      jwksUrl: text('jwks-url'),
    }),
    localnetPorts: read.flags.has('localnet-ports') || read.flags.has('localnet'),
    localnet: read.flags.has('localnet'),
    ledgerApiVersion: required('ledger-api-version'),
    logLevel: required('log-level'),
    packageModules: read.lists.get('package') ?? [],
    devnet: read.flags.has('no-devnet')
      ? null
      : {
          seed: required('seed'),
          tickMicros: parseDuration(required('tick')),
          validatorWalletUser: required('validator-wallet-user'),
        },
    configFile: text('config') ?? null,
    redisUrl,
    redisPrefix: required('redis-prefix'),
    redisDurability: required('redis-durability') === 'none' ? 'none' : 'aof',
    inspect:
      text('inspect') === undefined
        ? null
        : { mode: 'stately', port: Number(required('inspect-port')) },
    synchronizers: required('synchronizers')
      .split(',')
      .map((name) => name.trim()),
    scan: {
      acsSnapshotIntervalMicros: parseDuration(required('acs-snapshot-interval')),
      bulkStorage: !read.flags.has('no-bulk-storage'),
    },
    streamLimits: streamLimitsOption({
      highWaterMark: given('stream-high-water-mark'),
      stallTimeout: given('stream-stall-timeout'),
      totalHighWaterMark: given('stream-total-high-water-mark'),
    }),
    requestLimits: {
      maxUploadBytes: parseByteSize(required('max-upload-size')) ?? 0,
      maxMutationFields: Number(required('graphql-max-mutation-fields')),
    },
    scaleOut: scaleOutOf(read),
    spliceDars: spliceDarsOption(text('splice-dars')),
    loadState: text('load-state') ?? null,
    dumpState: text('dump-state') ?? null,
    fixture: text('fixture') ?? null,
  };
}

function spliceDarsOption(value: string | undefined): StartOptions['spliceDars'] {
  if (value === undefined || value === '') return null;
  try {
    const { dir, release } = resolveSpliceDars(value, cacheEnvironment());
    return readSpliceDarSet(dir, release);
  } catch (error) {
    if (isSpliceDarsError(error)) throw new StartOptionError(error.message);
    throw error;
  }
}

/** The scaled-out roles' knobs, read through the table like every other option. */
function scaleOutOf(read: ReadOptions): ScaleOutSettings {
  const knobs = Object.fromEntries(
    scaleOutVariables.flatMap((name) => {
      const value = read.values.get(name);
      return value === undefined ? [] : [[name, value.text]];
    }),
  );
  try {
    return scaleOutSettings(knobs);
  } catch (error) {
    if (error instanceof ScaleOutSettingsError) throw new StartOptionError(error.message);
    throw error;
  }
}

export type ReadStartOptions =
  | { readonly kind: 'options'; readonly options: StartOptions }
  | { readonly kind: 'exit'; readonly code: number };

/**
 * The options, or the exit code once `--help` has been written to `stdout`, or the one-line
 * reason a bad option is refused for to `stderr` (code 2).
 */
export function readStartOptions(
  args: readonly string[],
  streams: { readonly stdout: NodeJS.WritableStream; readonly stderr: NodeJS.WritableStream },
  command: CommandName,
): ReadStartOptions {
  try {
    const read = readOptions(startOptionRows, args, process.env);
    if (read.help) {
      streams.stdout.write(helpOf(command));
      return { kind: 'exit', code: 0 };
    }
    return { kind: 'options', options: startOptionsOf(read) };
  } catch (error) {
    if (!isStartOptionError(error)) throw error;
    streams.stderr.write(`${prefixOf(command)}: ${error.message} ${helpHint(command)}\n`);
    return { kind: 'exit', code: 2 };
  }
}

function journalOption(
  journal: string | undefined,
  context: { ephemeral: boolean; dataDirGiven: boolean; redisUrl: string | null },
): StartOptions['journal'] {
  if (journal === 'redis' && context.redisUrl === null)
    throw new StartOptionError('--journal redis needs REDIS_URL (or --redis-url)');
  if (journal === 'file' || journal === 'memory' || journal === 'redis') return journal;
  if (context.ephemeral) return 'memory';
  return context.redisUrl !== null && !context.dataDirGiven ? 'redis' : 'file';
}

function authOption(
  mode: string,
  values: { secret: string; audience: string; jwksUrl: string | undefined },
): StartOptions['auth'] {
  if (mode === 'none') return { mode: 'none' };
  if (mode === 'jwks') {
    if (!values.jwksUrl) throw new StartOptionError('--auth jwks needs --jwks-url');
    return { mode: 'jwks', jwksUrl: values.jwksUrl, audience: values.audience };
  }
  return { mode: 'hs256', secret: values.secret, audience: values.audience };
}

/** What finds the user's cache (XDG_CACHE_HOME, HOME), for `--splice-dars` and its fetch. */
export const cacheEnvironment = () => ({
  XDG_CACHE_HOME: process.env.XDG_CACHE_HOME,
  HOME: process.env.HOME,
});
