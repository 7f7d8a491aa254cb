import { defaultAudience, type OidcRealm } from '@pocketnet/gateway';

// LocalNet's Keycloak in OAuth mode (digital-asset/cn-quickstart, docker/modules/keycloak: the
// realm exports and env/{app-provider,app-user}/on/oauth2.env): the same realm, client and user
// names, user ids and secrets, so that a client configured for it logs in unchanged. They are
// LocalNet's published test credentials, not secrets.

/** Where LocalNet's Keycloak listens (`keycloak.localhost:8082`). */
export const localnetOidcPort = 8082;

/** A LocalNet participant's users: the validator's service account and its wallet admin. */
export type LocalnetRealmUsers = {
  readonly validatorUserId: string;
  readonly walletAdminUserId: string;
};

function localnetRealm(
  name: string,
  prefix: 'app-provider' | 'app-user',
  ids: LocalnetRealmUsers & { readonly validatorSecret: string },
): OidcRealm {
  return {
    name,
    audience: defaultAudience,
    users: [{ id: ids.walletAdminUserId, username: prefix, password: 'abc123' }],
    clients: [
      // Public: the password grant of onboarding scripts and demos (Keycloak's direct grants).
      {
        clientId: `${prefix}-unsafe`,
        secret: null,
        directAccessGrants: true,
        serviceAccount: null,
      },
      // The wallet UI's public client: a browser login, no password grant.
      {
        clientId: `${prefix}-wallet`,
        secret: null,
        directAccessGrants: false,
        serviceAccount: null,
      },
      {
        clientId: `${prefix}-validator`,
        secret: ids.validatorSecret,
        directAccessGrants: false,
        serviceAccount: {
          id: ids.validatorUserId,
          username: `service-account-${prefix}-validator`,
        },
      },
    ],
  };
}

export const appProviderUsers: LocalnetRealmUsers = {
  validatorUserId: 'c87743ab-80e0-4b83-935a-4c0582226691',
  walletAdminUserId: '553c6754-8879-41c9-ae80-b302f5af92c9',
};
export const appUserUsers: LocalnetRealmUsers = {
  validatorUserId: '97bb6cef-a7a9-410b-ba8c-ada08451a5c9',
  walletAdminUserId: '92a520cb-2f09-4e55-b465-d178c6cfe5e4',
};

/** The realms `AppProvider` and `AppUser`. */
export const localnetRealms: readonly OidcRealm[] = [
  localnetRealm('AppProvider', 'app-provider', {
    ...appProviderUsers,
    validatorSecret: 'AL8648b9SfdTFImq7FV56Vd0KHifHBuC',
  }),
  localnetRealm('AppUser', 'app-user', {
    ...appUserUsers,
    validatorSecret: '6m12QyyGl81d9nABWQXMycZdXho6ejEX',
  }),
];
