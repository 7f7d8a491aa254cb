import { resolve } from 'node:path';
import { mintDevToken } from '@pocketnet/gateway';
import { localnetLayoutPorts } from './localnet/localnet-layout.ts';
import type { StartOptions } from './start-options.ts';

/** The banner's admin token lasts a working day, and says so. */
export const bannerTokenSeconds = 24 * 3600;

/** The participant admin's token the banner shows: only HS256 has a key here to sign it with. */
export function bannerToken(auth: StartOptions['auth']): Promise<string | null> {
  if (auth.mode !== 'hs256') return Promise.resolve(null);
  return mintDevToken({
    ...auth,
    userId: 'participant_admin',
    expiresInSeconds: bannerTokenSeconds,
  });
}

// Where LocalNet serves the same APIs, so clients configured for it need no change.
export const localnetPorts = { ledger: 2975, validator: 2000, scan: 4000 } as const;

/** What `start` prints once it serves: every API's address, the journal, the admin token. */
export function banner(input: {
  port: number;
  host: string;
  token: string | null;
  options: StartOptions;
  startedAt: number;
  /** The node's devnet, whose parties it names (null: a bare ledger). */
  devnet: { readonly parties: { readonly dso: string; readonly validatorOperator: string } } | null;
  walletUser: string;
  stately: string | undefined;
  /** The port of LocalNet's login (`--localnet`), if it serves. */
  login?: number | null;
}): string {
  const base = `http://${input.host === '0.0.0.0' ? '127.0.0.1' : input.host}:${input.port}`;
  const lines = [
    `pocketnet ready in ${Math.round(performance.now() - input.startedAt)} ms (Node ${process.version})`,
    `  JSON Ledger API v2   ${base}/v2`,
    `  health               ${base}/livez  ${base}/readyz`,
    `  wallet               ${base}/wallet`,
    `  inspector            ${base}/inspect`,
    `  scan                 ${base}/api/scan  (registry ${base}/api/scan/registry)`,
    `  validator            ${base}/api/validator`,
    `  GraphQL              ${base}/graphql`,
    `  journal              ${journalOf(input.options)}`,
    `  auth                 ${input.options.auth.mode}`,
    `  automations          ${base}/api/automations/v0/queues  (${input.options.redisUrl ? 'BullMQ on REDIS_URL' : 'in process'})`,
  ];
  if (input.options.localnet) {
    const { sv, participants } = localnetLayoutPorts;
    const provider = participants['app-provider'];
    const user = participants['app-user'];
    lines.push(
      `  LocalNet sv          ledger :${sv.ledger}  validator :${sv.validator}  scan, UIs :${sv.ui}`,
      `  LocalNet app-provider ledger :${provider.ledger}  validator :${provider.validator}  wallet :${provider.ui}`,
      `  LocalNet app-user    ledger :${user.ledger}  validator :${user.validator}  wallet :${user.ui}`,
    );
  } else if (input.options.localnetPorts) {
    lines.push(
      `  LocalNet ports       ledger :${localnetPorts.ledger}  validator :${localnetPorts.validator}  scan :${localnetPorts.scan}`,
    );
  }
  if (input.login) {
    lines.push(
      `  LocalNet login       http://localhost:${input.login}/realms/AppProvider  …/realms/AppUser  (OpenID Connect)`,
    );
  }
  if (input.devnet) {
    lines.push(
      `  devnet time          ${base}/api/devnet/v0/time  (POST …/time/advance, …/rounds/advance, …/amulet-price)`,
      `  snapshots            POST ${base}/api/devnet/v0/snapshot, …/revert, …/reset; GET …/state`,
      `  DSO party            ${input.devnet.parties.dso}`,
      `  validator operator   ${input.devnet.parties.validatorOperator} (user ${input.walletUser})`,
    );
  }
  if (input.stately) lines.push(`  Stately inspector    ${input.stately} (--inspect stately)`);
  if (input.token) {
    lines.push(
      `  admin token          ${input.token}`,
      `                       (user participant_admin, valid ${bannerTokenSeconds / 3600} h; others: npm run pocketnet -- token --user alice)`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function journalOf(options: StartOptions): string {
  if (options.journal === 'redis') return `Redis Stream (REDIS_URL, prefix ${options.redisPrefix})`;
  if (options.journal === 'memory') return 'in memory (--ephemeral)';
  return resolve(options.dataDir);
}
