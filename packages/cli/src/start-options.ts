import { parseArgs } from 'node:util';

export type StartOptions = {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly ephemeral: boolean;
  readonly auth:
    | { readonly mode: 'hs256'; readonly secret: string; readonly audience: string }
    | { readonly mode: 'jwks'; readonly jwksUrl: string; readonly audience: string }
    | { readonly mode: 'none' };
  readonly localnetPorts: boolean;
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
};

export function parseStartOptions(args: readonly string[]): StartOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      port: { type: 'string', default: process.env.POCKETNET_PORT ?? '7575' },
      host: { type: 'string', default: '127.0.0.1' },
      'data-dir': { type: 'string', default: '.pocketnet' },
      ephemeral: { type: 'boolean', default: false },
      auth: { type: 'string', default: 'hs256' },
      'auth-secret': { type: 'string', default: 'unsafe' },
      'auth-audience': { type: 'string', default: 'https://canton.network.global' },
      'jwks-url': { type: 'string' },
      'localnet-ports': { type: 'boolean', default: false },
      'ledger-api-version': { type: 'string', default: '3.4.12' },
      'log-level': { type: 'string', default: process.env.LOG_LEVEL ?? 'warn' },
      package: { type: 'string', multiple: true, default: [] },
      devnet: { type: 'boolean', default: true },
      'no-devnet': { type: 'boolean', default: false },
      seed: { type: 'string', default: '0' },
      tick: { type: 'string', default: '10m' },
      'validator-wallet-user': { type: 'string', default: 'administrator' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`invalid --port ${values.port}`);
  return {
    port,
    host: values.host,
    dataDir: values['data-dir'],
    ephemeral: values.ephemeral,
    auth: authOption(values.auth, values),
    localnetPorts: values['localnet-ports'],
    ledgerApiVersion: values['ledger-api-version'],
    logLevel: values['log-level'],
    packageModules: values.package,
    devnet:
      values['no-devnet'] || !values.devnet
        ? null
        : {
            seed: values.seed,
            tickMicros: parseDuration(values.tick),
            validatorWalletUser: values['validator-wallet-user'],
          },
  };
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
    if (!values['jwks-url']) throw new Error('--auth jwks needs --jwks-url');
    return { mode: 'jwks', jwksUrl: values['jwks-url'], audience: values['auth-audience'] };
  }
  throw new Error(`unknown --auth ${mode}: use hs256, jwks or none`);
}

const unitMicros: Record<string, bigint> = {
  ms: 1_000n,
  s: 1_000_000n,
  m: 60_000_000n,
  h: 3_600_000_000n,
};

/** `10m`, `30s`, `1500ms`, `1h`: a positive duration in microseconds. */
export function parseDuration(text: string): bigint {
  const match = /^(\d+)(ms|s|m|h)$/.exec(text.trim());
  const unit = match?.[2] === undefined ? undefined : unitMicros[match[2]];
  if (!match?.[1] || unit === undefined || BigInt(match[1]) === 0n) {
    throw new Error(`invalid duration ${text}: use e.g. 10m, 30s, 1500ms`);
  }
  return BigInt(match[1]) * unit;
}
