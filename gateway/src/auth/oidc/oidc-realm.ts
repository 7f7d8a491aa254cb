/** A user who logs in with the password grant; `id` is the token's `sub` (Keycloak's user id). */
export type OidcUser = {
  readonly id: string;
  readonly username: string;
  readonly password: string;
};

/**
 * A client of a realm. A confidential client has a secret; with `serviceAccount` it may use the
 * client-credentials grant, and its tokens speak for that account's user.
 */
export type OidcClient = {
  readonly clientId: string;
  readonly secret: string | null;
  /** Keycloak's "direct access grants": the password grant. */
  readonly directAccessGrants: boolean;
  readonly serviceAccount: { readonly id: string; readonly username: string } | null;
};

/** A Keycloak realm as far as LocalNet's clients use it. */
export type OidcRealm = {
  readonly name: string;
  /** The audience every access token of the realm carries (LocalNet's participants check it). */
  readonly audience: string;
  readonly clients: readonly OidcClient[];
  readonly users: readonly OidcUser[];
};
