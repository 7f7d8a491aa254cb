import type { ValidatorAppConfig } from '@pocketnet/runtime';
import { appProviderUsers, appUserUsers } from './localnet-realms.ts';

// LocalNet's validators (hyperledger-labs/splice cluster/compose/localnet): the SV's participant
// (the node's first, which runs the synchronizer, scan and its validator app), then the
// app-provider's and the app-user's, each with its own Ledger API, validator app and wallet UI.

/** The participants `--localnet` adds beside the node's own (the SV's), in LocalNet's order. */
export const localnetParticipants = ['app-provider', 'app-user'] as const;

/**
 * Where LocalNet serves them (`4…` the SV, `3…` the app-provider, `2…` the app-user): the JSON
 * Ledger API on …975, the validator app on …903, and the UI port (…000) whose nginx serves the
 * wallet UI and proxies `/api/validator` to that validator; the SV's also serves scan.
 */
export const localnetLayoutPorts = {
  sv: { ledger: 4975, validator: 4903, ui: 4000 },
  participants: {
    'app-provider': { ledger: 3975, validator: 3903, ui: 3000 },
    'app-user': { ledger: 2975, validator: 2903, ui: 2000 },
  },
} as const;

// LocalNet's `PARTY_HINT` defaults to `${DOCKER_NETWORK}-localparty-1` (compose.env), and each
// app validator's `validator-party-hint` is `app_provider_${PARTY_HINT}` / `app_user_…`
// (env/app-*-auth-on.env).
const partyHint = 'localnet-localparty-1';

/**
 * The app validators' validator apps: the operator party's hint, and the wallet users whose
 * wallet is the operator's (`validator-wallet-users`: LocalNet's `app-provider` / `app-user`,
 * by name with the `unsafe` secret and by their Keycloak id with the OAuth login).
 */
export const localnetValidatorApps: readonly ValidatorAppConfig[] = [
  {
    participant: 'app-provider',
    partyHint: `app_provider_${partyHint}`,
    walletUsers: ['app-provider', appProviderUsers.walletAdminUserId],
  },
  {
    participant: 'app-user',
    partyHint: `app_user_${partyHint}`,
    walletUsers: ['app-user', appUserUsers.walletAdminUserId],
  },
];
