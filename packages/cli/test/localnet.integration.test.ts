import {
  CustomLogAdapter,
  localNetStaticConfig,
  SDK,
  type TokenProviderConfig,
} from '@canton-network/wallet-sdk';
import { mintDevToken } from '@pocketnet/gateway';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bearer,
  keycloak,
  layoutPorts,
  loginPort,
  skipIfTaken,
  skipUnlessFree,
  tokenOf,
} from './localnet-process.ts';
import { oauthClient, transferAndRestart } from './localnet-validators.ts';
import { createProcessSet, isPortFree, waitForHttpOk } from './node-process.ts';
import { isBannerComplete, nodeArgs, startPocketnet } from './pocketnet-process.ts';

// Every test that binds LocalNet's fixed ports lives in this one file, so they run one after
// the other (vitest runs a file's tests sequentially) and never collide with each other; each
// skips when something else on the machine holds one of the ports.

const localnetPorts = [2975, 2000, 4000] as const;

describe('pocketnet start with LocalNet ports', () => {
  const processes = createProcessSet();
  afterEach(() => processes.stopAll());

  it('also serves the Ledger API on LocalNet port 2975 with --localnet-ports', async (context) => {
    await skipUnlessFree(context, localnetPorts);
    const node = await startPocketnet(processes, {
      ephemeral: true,
      args: ['--localnet-ports'],
    }).catch(skipIfTaken(context));

    expect(node.banner).toContain('LocalNet ports       ledger :2975  validator :2000  scan :4000');
    expect(node.banner).not.toContain('LocalNet login');
    expect(await isPortFree(loginPort)).toBe(true);
    await waitForHttpOk('http://127.0.0.1:2975/readyz');
    const version = await fetch('http://127.0.0.1:2975/v2/version');
    expect(version.status).toBe(200);
    expect(await version.json()).toMatchObject({ version: expect.any(String) });
  });

  it('logs in at 8082 with --localnet, and its tokens and the unsafe secret both work on their own participants', async (context) => {
    await skipUnlessFree(context, [...layoutPorts, loginPort]);
    const spawned = processes.spawn(
      process.execPath,
      nodeArgs(['start', '--port', '0', '--ephemeral', '--localnet']),
      {},
    );
    const banner = await spawned.waitForOutput(isBannerComplete).catch(skipIfTaken(context));
    expect(banner).toContain(
      `LocalNet login       http://localhost:${loginPort}/realms/AppProvider`,
    );
    await waitForHttpOk('http://127.0.0.1:2975/readyz');
    const operator = /validator operator +(\S+)/.exec(banner)?.[1] ?? '';

    const discovery = (await (
      await fetch(`${keycloak}/realms/AppUser/.well-known/openid-configuration`)
    ).json()) as { token_endpoint: string };
    expect(discovery.token_endpoint).toBe(
      `${keycloak}/realms/AppUser/protocol/openid-connect/token`,
    );

    // Each participant answers its own id.
    const unsafe = await mintDevToken({ userId: 'ledger-api-user' });
    const ids = await Promise.all(
      [4975, 3975, 2975].map(async (port) => {
        const answer = await fetch(`http://127.0.0.1:${port}/v2/parties/participant-id`, {
          headers: bearer(unsafe),
        });
        return ((await answer.json()) as { participantId: string }).participantId;
      }),
    );
    expect(new Set(ids).size).toBe(3);

    // The devnet's clock and rounds are the synchronizer's: the SV's validator controls them;
    // the app validators' servers do not serve them (LocalNet's serve no /api/devnet at all).
    const devnet = (port: number, path: string, body?: unknown) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
        headers: { ...bearer(unsafe), 'content-type': 'application/json' },
      });
    expect((await devnet(4903, '/api/devnet/v0/time')).status).toBe(200);
    for (const port of [3903, 3000, 3975, 2903, 2000, 2975]) {
      expect((await devnet(port, '/api/devnet/v0/time')).status).toBe(404);
      expect((await devnet(port, '/api/devnet/v0/time/advance', { seconds: 60 })).status).toBe(404);
      expect((await devnet(port, '/api/devnet/v0/snapshot', {})).status).toBe(404);
    }
    const advanceByGraphQL = { query: 'mutation { advanceTime(seconds: 60) { micros } }' };
    const refusedByGraphQL = await devnet(2903, '/graphql', advanceByGraphQL);
    expect(JSON.stringify(await refusedByGraphQL.json())).toContain('PERMISSION_DENIED');
    const advanced = await devnet(4903, '/graphql', advanceByGraphQL);
    expect(await advanced.json()).toMatchObject({
      data: { advanceTime: { micros: expect.any(String) } },
    });

    // Each realm's validator client logs in and is its own participant's validator user.
    const providerValidator = await tokenOf('AppProvider', {
      grant_type: 'client_credentials',
      client_id: 'app-provider-validator',
      client_secret: 'AL8648b9SfdTFImq7FV56Vd0KHifHBuC',
    });
    const me = await fetch('http://127.0.0.1:3975/v2/authenticated-user', {
      headers: bearer(providerValidator),
    });
    expect(await me.json()).toMatchObject({ user: { id: 'c87743ab-80e0-4b83-935a-4c0582226691' } });
    const userValidator = await tokenOf('AppUser', {
      grant_type: 'client_credentials',
      client_id: 'app-user-validator',
      client_secret: '6m12QyyGl81d9nABWQXMycZdXho6ejEX',
    });
    const users = await fetch('http://127.0.0.1:2975/v2/users', { headers: bearer(userValidator) });
    const ids2975 = ((await users.json()) as { users: Array<{ id: string }> }).users.map(
      (u) => u.id,
    );
    expect(ids2975).toEqual(
      expect.arrayContaining(['ledger-api-user', '97bb6cef-a7a9-410b-ba8c-ada08451a5c9']),
    );
    expect(ids2975).not.toContain('c87743ab-80e0-4b83-935a-4c0582226691');
    // A token from realm AppUser, whose user the app-provider's participant does not know.
    const elsewhere = await fetch('http://127.0.0.1:3975/v2/authenticated-user', {
      headers: bearer(userValidator),
    });
    expect(elsewhere.status).toBe(403);

    // LocalNet's `ledger-api-user` with the unsafe HS256 secret, beside it: on the SV's
    // participant it acts as the validator operator.
    const rights = await fetch('http://127.0.0.1:4975/v2/users/ledger-api-user/rights', {
      headers: bearer(unsafe),
    });
    expect(await rights.json()).toEqual({
      rights: expect.arrayContaining([
        { kind: { ParticipantAdmin: { value: {} } } },
        { kind: { CanActAs: { value: { party: operator } } } },
      ]),
    });

    // A user's password login is verified too: LocalNet's wallet admin, a wallet user of the
    // app-user's validator, is known on its participant only.
    const user = await tokenOf('AppUser', {
      grant_type: 'password',
      client_id: 'app-user-unsafe',
      username: 'app-user',
      password: 'abc123',
      scope: 'openid',
    });
    const known = await fetch('http://127.0.0.1:2975/v2/authenticated-user', {
      headers: bearer(user),
    });
    expect(await known.json()).toMatchObject({
      user: { id: '92a520cb-2f09-4e55-b465-d178c6cfe5e4' },
    });
    const unknown = await fetch('http://127.0.0.1:3975/v2/authenticated-user', {
      headers: bearer(user),
    });
    expect(unknown.status).toBe(403);
    const forged = `${user.slice(0, -4)}AAAA`;
    const refused = await fetch('http://127.0.0.1:2975/v2/authenticated-user', {
      headers: bearer(forged),
    });
    expect(refused.status).toBe(401);
  });

  it("serves the wallet SDK 1.4.0 with LocalNet's own URLs and user, nothing provisioned by hand", async (context) => {
    await skipUnlessFree(context, [...layoutPorts, loginPort]);
    const spawned = processes.spawn(
      process.execPath,
      nodeArgs(['start', '--port', '0', '--ephemeral', '--localnet']),
      {},
    );
    await spawned.waitForOutput(isBannerComplete).catch(skipIfTaken(context));
    await waitForHttpOk('http://127.0.0.1:2975/readyz');
    // LocalNet's self-signed default: `ledger-api-user` with the unsafe secret.
    const auth: TokenProviderConfig = {
      method: 'self_signed',
      issuer: 'unsafe-auth',
      credentials: {
        clientId: localNetStaticConfig.LOCALNET_USER_ID,
        clientSecret: 'unsafe',
        audience: 'https://canton.network.global',
        scope: '',
      },
    };
    const validatorUrl = localNetStaticConfig.LOCALNET_APP_VALIDATOR_URL;
    const registryUrl = localNetStaticConfig.LOCALNET_REGISTRY_API_URL;
    // LocalNet's scan.localhost needs a resolver that maps *.localhost to loopback (browsers do;
    // this machine's does not): the same port on localhost.
    const scanApiUrl = new URL('http://localhost:4000/api/scan');
    const sdk = await SDK.create({
      auth,
      ledgerClientUrl: localNetStaticConfig.LOCALNET_APP_USER_LEDGER_URL,
      logAdapter: new CustomLogAdapter(() => {}),
      token: { validatorUrl, registries: [registryUrl], auth },
      amulet: { validatorUrl, scanApiUrl, auth, registryUrl },
    });
    const keys = sdk.keys.generate();
    const party = await sdk.party.external
      .create(keys.publicKey, { partyHint: 'localnet-alice' })
      .sign(keys.privateKey)
      .execute();
    const [tap, disclosed] = await sdk.amulet.tap(party.partyId, '500');
    await sdk.ledger
      .prepare({
        partyId: party.partyId,
        commands: tap as never,
        disclosedContracts: disclosed as never,
      })
      .sign(keys.privateKey)
      .execute({ partyId: party.partyId });
    const holdings = await sdk.token.utxos.list({ partyId: party.partyId });
    expect(holdings.map((utxo) => utxo.interfaceViewValue.amount)).toEqual(['500.0000000000']);
  }, 60_000);

  it("moves amulet from the app-user's wallet to the app-provider's through 2903 and 3903, and all three validators come back after a kill", async (context) => {
    await transferAndRestart(context, processes);
  }, 120_000);

  it('serves an OAuth client of LocalNet unchanged: login at 8082, then 3975, 3903 and scan.localhost:4000', async (context) => {
    await oauthClient(context, processes);
  }, 60_000);
});
