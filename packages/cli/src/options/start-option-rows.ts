import { stallTimeout, streamByteSize, uploadSize } from '../stream-limits-option.ts';
import {
  duration,
  logLevel,
  oneOf,
  portNumber,
  positiveInteger,
  synchronizerList,
} from './option-checks.ts';
import type { OptionRow } from './option-table.ts';
import { scaleOutVariableRows } from './scale-out-variable-rows.ts';

const flag = (
  name: string,
  row: Omit<OptionRow, 'flag' | 'env' | 'kind' | 'defaultValue'> &
    Partial<Pick<OptionRow, 'env' | 'kind' | 'defaultValue'>>,
): OptionRow => ({ flag: name, env: null, kind: 'string', defaultValue: null, ...row });

/**
 * Every option of `start` (and of the scaled-out roles, `writer`, `gateway`, `worker`), and
 * every environment variable the node reads: the only place either is named.
 */
export const startOptionRows: readonly OptionRow[] = [
  flag('port', {
    env: 'POCKETNET_PORT',
    placeholder: '<port>',
    defaultValue: '7575',
    description: 'the port every API and page is served on (0: any free port)',
    check: portNumber(0),
  }),
  flag('host', {
    placeholder: '<address>',
    defaultValue: '127.0.0.1',
    description: 'the address to listen on (0.0.0.0: every interface)',
  }),
  flag('data-dir', {
    placeholder: '<dir>',
    defaultValue: '.pocketnet',
    description: 'where the journal is kept; a restart replays it',
  }),
  flag('ephemeral', {
    kind: 'boolean',
    description: 'keep the journal in memory only: a fresh network each start',
  }),
  flag('journal', {
    placeholder: '<file|memory|redis>',
    description:
      'where the journal lives; by default memory with --ephemeral, redis with REDIS_URL and no --data-dir, else file',
    check: oneOf('file', 'memory', 'redis'),
  }),
  flag('auth', {
    placeholder: '<hs256|jwks|none>',
    defaultValue: 'hs256',
    description: 'how callers are authenticated: HS256 dev tokens, a JWKS, or not at all',
    check: oneOf('hs256', 'jwks', 'none'),
  }),
  flag('auth-secret', {
    placeholder: '<secret>',
    defaultValue: 'unsafe',
    description: 'the HS256 secret tokens are signed with',
  }),
  flag('auth-audience', {
    placeholder: '<audience>',
    defaultValue: 'https://canton.network.global',
    description: 'the audience a token must name',
  }),
  flag('jwks-url', {
    placeholder: '<url>',
    description: 'the JWKS to check tokens against (with --auth jwks)',
  }),
  flag('localnet-ports', {
    kind: 'boolean',
    description: "also serve on LocalNet's ports (ledger 2975, validator 2000, scan 4000)",
  }),
  flag('localnet', {
    kind: 'boolean',
    description:
      "LocalNet's shape: the SV's, app-provider's and app-user's validators on their ports (ledger 4975/3975/2975, validator apps 4903/3903/2903, scan 4000, wallet UIs 3000/2000), its login (OpenID on 8082, realms AppProvider and AppUser) and its users",
  }),
  flag('ledger-api-version', {
    placeholder: '<version>',
    defaultValue: '3.4.12',
    description: 'the Canton version /v2/version reports',
  }),
  flag('log-level', {
    env: 'LOG_LEVEL',
    placeholder: '<level>',
    defaultValue: 'warn',
    description: 'pino log level: fatal, error, warn, info, debug, trace or silent',
    check: logLevel,
  }),
  flag('package', {
    kind: 'list',
    placeholder: '<module.ts>',
    description: 'a module whose definePackage exports the node runs too (repeatable)',
  }),
  flag('load-state', {
    placeholder: '<file>',
    description:
      'start from a state file (GET /api/devnet/v0/state, --dump-state) on an empty journal',
  }),
  flag('dump-state', {
    placeholder: '<file>',
    description: "write the node's state file (JSON lines) there when it stops",
  }),
  flag('fixture', {
    placeholder: '<file>',
    description:
      'parties and wallet users (tapped, preapproved, named, delegated) to create before ready (YAML or JSON)',
  }),
  flag('config', {
    placeholder: '<file>',
    description: "the validator's automation configuration (YAML or JSON)",
  }),
  flag('splice-dars', {
    env: 'POCKETNET_SPLICE_DARS',
    placeholder: '<dir|version>',
    description:
      "run Splice's own packages: a folder of DARs, or a release from `pocketnet splice-dars fetch`",
  }),
  flag('no-devnet', {
    kind: 'boolean',
    description: 'a bare ledger: no DSO, amulets or validator on an empty journal',
  }),
  flag('seed', {
    placeholder: '<text>',
    defaultValue: '0',
    description: "the devnet's seed: the same seed makes the same party ids",
  }),
  flag('tick', {
    placeholder: '<duration>',
    defaultValue: '10m',
    description: 'how long a mining round lasts on the devnet',
    check: duration,
  }),
  flag('validator-wallet-user', {
    placeholder: '<user>',
    defaultValue: 'administrator',
    description: "the user of the validator operator's wallet",
  }),
  flag('acs-snapshot-interval', {
    placeholder: '<duration>',
    defaultValue: '3h',
    description: "node time between Scan's ACS snapshots",
    check: duration,
  }),
  flag('no-bulk-storage', {
    kind: 'boolean',
    description: "do not serve Scan's bulk storage (history as files)",
  }),
  flag('synchronizers', {
    placeholder: '<names>',
    defaultValue: 'global',
    description: 'the synchronizers the node hosts, comma-separated, global among them',
    check: synchronizerList,
  }),
  flag('inspect', {
    placeholder: '<stately>',
    description: "also send the actors' events to Stately's inspector",
    check: oneOf('stately'),
  }),
  flag('inspect-port', {
    placeholder: '<port>',
    defaultValue: '7576',
    description: "the port of Stately's inspector server (with --inspect stately)",
    check: portNumber(1),
  }),
  flag('redis-url', {
    env: 'REDIS_URL',
    placeholder: '<url>',
    description: 'run the automations on BullMQ in this Redis (and the journal, scaled out)',
  }),
  flag('redis-prefix', {
    env: 'POCKETNET_REDIS_PREFIX',
    placeholder: '<prefix>',
    defaultValue: 'pocketnet',
    description: 'the key prefix of the queues and the journal in Redis',
  }),
  flag('redis-durability', {
    env: 'POCKETNET_REDIS_DURABILITY',
    placeholder: '<aof|none>',
    defaultValue: 'aof',
    description: "require Redis's AOF for a journal in Redis (none: any Redis, throwaway)",
    check: oneOf('aof', 'none'),
  }),
  flag('stream-high-water-mark', {
    env: 'POCKETNET_STREAM_HIGH_WATER_MARK',
    placeholder: '<bytes>',
    defaultValue: '4MiB',
    description: 'what one streaming connection may hold for a slow client before it pauses',
    check: streamByteSize,
  }),
  flag('stream-stall-timeout', {
    env: 'POCKETNET_STREAM_STALL_TIMEOUT',
    placeholder: '<duration>',
    defaultValue: '30s',
    description: 'how long a stream may stay paused before it is cut off',
    check: stallTimeout,
  }),
  flag('stream-total-high-water-mark', {
    env: 'POCKETNET_STREAM_TOTAL_HIGH_WATER_MARK',
    placeholder: '<bytes>',
    defaultValue: '256MiB',
    description: 'what all streams may hold together before the largest is cut off',
    check: streamByteSize,
  }),
  flag('max-upload-size', {
    env: 'POCKETNET_MAX_UPLOAD_SIZE',
    placeholder: '<bytes>',
    defaultValue: '10MiB',
    description: "the largest package upload read (Canton's max inbound message size)",
    check: uploadSize,
  }),
  flag('graphql-max-mutation-fields', {
    env: 'POCKETNET_GRAPHQL_MAX_MUTATION_FIELDS',
    placeholder: '<n>',
    defaultValue: '10',
    description: 'root fields one GraphQL mutation may have',
    check: (text) => (positiveInteger(text) === null ? null : 'use a whole number of at least 1'),
  }),
  // Load shedding and the scaled-out roles' knobs: variables alone, as docker-compose sets them.
  ...scaleOutVariableRows,
];
