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
