import { expect, type TestContext } from 'vitest';
import { callPort, getWithHost, startLocalnet, tokenOf } from './localnet-process.ts';
import { createTempDir, type ProcessSet } from './node-process.ts';

// LocalNet's three validators from the command line (issue 22): what a client configured for
// LocalNet does against `pocketnet start --localnet`, with real HTTP on LocalNet's ports. The
// tests that run these live in localnet.integration.test.ts, one after the other.

const ledgerPorts = [4975, 3975, 2975] as const;
const validatorPorts = [4903, 3903, 2903] as const;
const api = '/api/validator/v0';

const bodyOf = async (answer: Promise<{ status: number; body: unknown }>, status = 200) => {
  const { status: got, body } = await answer;
  expect(got, JSON.stringify(body)).toBe(status);
  return body as Record<string, unknown>;
};

const contractIdsIn = (body: unknown) =>
  (JSON.stringify(body).match(/"contract_id":"[0-9a-f]+"/g) ?? []).sort();

/** What must come back after a restart: each participant, validator and wallet. */
async function localnetState() {
  const participantIds = await Promise.all(
    ledgerPorts.map(
      async (port) => (await bodyOf(callPort(port, '/v2/parties/participant-id'))).participantId,
    ),
  );
  const operators = await Promise.all(
    validatorPorts.map(
      async (port) => (await bodyOf(callPort(port, `${api}/validator-user`))).party_id,
    ),
  );
  const userAmulets = await bodyOf(callPort(2903, `${api}/wallet/amulets`, { user: 'app-user' }));
  const providerAmulets = await bodyOf(
    callPort(3903, `${api}/wallet/amulets`, { user: 'app-provider' }),
  );
  return {
    participantIds,
    operators,
    userAmulets: contractIdsIn(userAmulets),
    providerAmulets: contractIdsIn(providerAmulets),
  };
}

/** An offer from the app-user's wallet to the app-provider's, accepted and completed. */
async function transferToProvider(provider: string, trackingId: string) {
  const expiresAt = (BigInt(Date.now()) + 3_600_000n) * 1000n;
  await bodyOf(
    callPort(2903, `${api}/wallet/transfer-offers`, {
      user: 'app-user',
      body: {
        receiver_party_id: provider,
        amount: '25.5',
        description: 'app fee',
        expires_at: Number(expiresAt),
        tracking_id: trackingId,
      },
    }),
  );
  const listed = await bodyOf(
    callPort(3903, `${api}/wallet/transfer-offers`, { user: 'app-provider' }),
  );
  const [offer] = listed.offers as Array<{ contract_id: string }>;
  const accept = `${api}/wallet/transfer-offers/${offer?.contract_id}/accept`;
  await bodyOf(callPort(3903, accept, { user: 'app-provider', body: {} }));
  // The app-user's validator completes it (its automations), not the SV's.
  const status = `${api}/wallet/transfer-offers/${trackingId}/status`;
  await expect
    .poll(async () => (await callPort(2903, status, { user: 'app-user', body: {} })).body, {
      timeout: 20_000,
    })
    .toMatchObject({ status: 'completed' });
}

export async function transferAndRestart(context: TestContext, processes: ProcessSet) {
  const dir = await createTempDir('localnet');
  try {
    const args = ['--data-dir', dir.path];
    const first = await startLocalnet(context, processes, args);
    const provider = String((await bodyOf(callPort(3903, `${api}/validator-user`))).party_id);
    expect(provider).toMatch(/^app_provider_localnet-localparty-1::1220/);
    await bodyOf(
      callPort(2903, `${api}/wallet/tap`, { user: 'app-user', body: { amount: '100' } }),
    );
    await transferToProvider(provider, 'app-fee-1');
    const balance = await bodyOf(callPort(3903, `${api}/wallet/balance`, { user: 'app-provider' }));
    expect(balance.effective_unlocked_qty).toBe('25.5000000000');
    // Each validator knows its own wallet users only.
    await bodyOf(callPort(3903, `${api}/wallet/balance`, { user: 'app-user' }), 404);
    await bodyOf(callPort(2903, `${api}/wallet/balance`, { user: 'app-provider' }), 404);
    const before = await localnetState();
    expect(new Set(before.participantIds).size).toBe(3);
    expect(new Set(before.operators).size).toBe(3);
    expect(before.providerAmulets).toHaveLength(1);

    await first.spawned.stop('SIGKILL');
    await startLocalnet(context, processes, args);
    expect(await localnetState()).toEqual(before);
  } finally {
    await dir.remove();
  }
}

/**
 * LocalNet's OAuth client, unchanged: it logs in at 8082 as the app-provider's wallet user,
 * reads its participant (3975), its wallet (3903) and scan at `scan.localhost:4000`; the wallet
 * UIs are at the root of 3000 and 2000.
 */
export async function oauthClient(context: TestContext, processes: ProcessSet) {
  await startLocalnet(context, processes, ['--ephemeral']);
  const token = await tokenOf('AppProvider', {
    grant_type: 'password',
    client_id: 'app-provider-unsafe',
    username: 'app-provider',
    password: 'abc123',
    scope: 'openid',
  });
  const operator = String((await bodyOf(callPort(3903, `${api}/validator-user`))).party_id);
  const me = await bodyOf(callPort(3975, '/v2/authenticated-user', { token }));
  expect(me.user).toMatchObject({
    id: '553c6754-8879-41c9-ae80-b302f5af92c9',
    primaryParty: operator,
  });
  const status = await bodyOf(callPort(3903, `${api}/wallet/user-status`, { token }));
  expect(status).toMatchObject({ party_id: operator, user_onboarded: true });
  await bodyOf(callPort(3903, `${api}/wallet/balance`, { token }));
  // The app-provider's user is no user of the app-user's participant or validator.
  await bodyOf(callPort(2975, '/v2/authenticated-user', { token }), 403);
  await bodyOf(callPort(2903, `${api}/wallet/balance`, { token }), 404);
  // Each app validator's wallet UI where LocalNet serves it, at the root of its UI port.
  for (const port of [3000, 2000]) {
    const root = await fetch(`http://127.0.0.1:${port}/`, { redirect: 'manual' });
    expect(root.headers.get('location')).toBe('/wallet/');
    const page = await fetch(`http://127.0.0.1:${port}/wallet/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    await page.body?.cancel();
  }
  const dso = await getWithHost(4000, 'scan.localhost', '/api/scan/v0/dso-party-id');
  expect(dso).toMatchObject({
    status: 200,
    body: { dso_party_id: expect.stringMatching(/^DSO::/) },
  });
}
