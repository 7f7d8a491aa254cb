import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestNode } from './test-node.ts';
import {
  goTo,
  graphqlAs,
  openOnboardedWallets,
  screenshot,
  tap,
  type WalletPage,
  waitText,
} from './wallet-ui-browser.ts';

// Workflows that end without success say so, everywhere: an accepted offer the sender's wallet
// cannot pay stays pending (never shown as a success) until it expires, and then ends expired in
// the REST status, GraphQL, the inspector and the wallet page; a traffic purchase the wallet
// cannot afford ends failed, with the wallet automation's reason, in the status and on the page.
// No automation runs in this test node: the test calls the services the automation's jobs call.

const hourSeconds = 3600;

describe('the wallet page and APIs on workflows that do not succeed', () => {
  let net: TestNode;
  let alice: WalletPage;
  let bob: WalletPage;
  let close: (() => Promise<void>) | undefined;
  let aliceParty: string;
  let bobParty: string;

  beforeAll(async () => {
    ({ net, alice, bob, close, aliceParty, bobParty } = await openOnboardedWallets());
    // 10 CC: less than either workflow below costs.
    await tap(alice.page, '0.05', '10.00');
  }, 60_000);
  afterAll(() => close?.());

  const rest = async <T>(user: string, path: string, body?: unknown): Promise<T> => {
    const response = await net.call(`/api/validator${path}`, {
      user,
      method: 'POST',
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return JSON.parse(text) as T;
  };
  const graphql = <T>(user: string, query: string) => graphqlAs<T>(net, user, query);
  const nowMicros = async () => {
    const response = await net.call('/api/devnet/v0/time');
    return Number(((await response.json()) as { now_micros: string }).now_micros);
  };

  it('shows an accepted offer its sender cannot pay as pending, then as expired', async () => {
    const trackingId = 'unpaid-offer';
    const { offer_contract_id: offerId } = await rest<{ offer_contract_id: string }>(
      'alice',
      '/v0/wallet/transfer-offers',
      {
        receiver_party_id: bobParty,
        amount: '25',
        description: 'more than alice holds',
        expires_at: (await nowMicros()) + hourSeconds * 1_000_000,
        tracking_id: trackingId,
      },
    );
    const { accepted_offer_contract_id: acceptedCid } = await rest<{
      accepted_offer_contract_id: string;
    }>('bob', `/v0/wallet/transfer-offers/${offerId}/accept`);
    // The sender's wallet tries to pay, and cannot yet: nothing fails for good.
    const outcome = await net.node.automation.offers.complete(
      { acceptedCid, sender: aliceParty },
      'complete-offer/test',
    );
    expect(outcome).toMatchObject({
      outcome: 'noop',
      awaitingFunds: 'out of funds (missing 15.0000000000 CC)',
    });
    const status = (user: string) =>
      rest<Record<string, unknown>>(user, `/v0/wallet/transfer-offers/${trackingId}/status`);
    expect(await status('alice')).toMatchObject({ status: 'accepted' });

    // Pending, not a success: a neutral badge that says the wallet has not paid, and why.
    const outgoing = alice.page.locator(`#offers-outgoing li[data-contract="${acceptedCid}"]`);
    const badge = outgoing.locator('.badge[data-state="open.accepted"]');
    await badge.waitFor();
    expect(await badge.textContent()).toBe(
      'Accepted, not paid: your wallet holds 10.00 of 25.00 CC',
    );
    expect(await badge.getAttribute('class')).toContain('tone-neutral');
    const active = alice.page.locator(
      '#workflows-active [data-machine="transfer-offer"][data-state="open.accepted"]',
    );
    expect(await active.locator('.badge').getAttribute('class')).toContain('tone-neutral');
    await screenshot(alice.page, 'unpaid-offer');

    // The offer expires unpaid.
    const advanced = await net.call('/api/devnet/v0/time/advance', {
      body: { seconds: 2 * hourSeconds },
    });
    expect(advanced.status).toBe(200);
    const expired = { status: 'failed', failure_kind: 'expired' };
    expect(await status('alice')).toEqual(expired);
    expect(await status('bob')).toEqual(expired);
    const { wallet } = await graphql<{
      wallet: { transferOfferStatus: { status: string; body: unknown } };
    }>('alice', `{ wallet { transferOfferStatus(trackingId: "${trackingId}") { status body } } }`);
    expect(wallet.transferOfferStatus).toEqual({ status: 'failed', body: expired });
    const listed = await net.call('/api/inspect/v0/actors?machine=transfer-offer', {
      user: 'alice',
    });
    const { actors } = (await listed.json()) as { actors: Array<{ id: string }> };
    expect(actors).toHaveLength(1);
    const detail = await net.call(`/api/inspect/v0/actors/${actors[0]?.id}`, { user: 'alice' });
    expect(await detail.json()).toMatchObject({
      state: 'expired',
      status: 'done',
      context: { failureKind: 'expired' },
    });
    await alice.page
      .locator('#workflows-ended [data-machine="transfer-offer"] .badge.tone-bad', {
        hasText: 'Expired',
      })
      .waitFor();
    // Its row says so until the expiry automation archives the accepted offer (as its job does).
    await outgoing.locator('.badge.tone-bad[data-state="expired"]').waitFor();
    const archived = await net.node.automation.offers.expire(
      acceptedCid,
      'acceptedTransferOffer',
      'expire-offer/test',
    );
    expect(archived).toMatchObject({ outcome: 'done' });
    await outgoing.waitFor({ state: 'detached' });
    expect(await status('alice')).toEqual(expired);
    // Bob never got anything.
    await waitText(bob.page, '#balance-available', '0.00');
  }, 60_000);

  it('shows a traffic purchase the wallet cannot afford as failed, with the reason', async () => {
    await goTo(alice.page, 'Traffic');
    await alice.page.getByLabel('Traffic (bytes)').fill('1,000,000');
    await alice.page.getByRole('button', { name: 'Buy traffic' }).click();
    // For this validator's participant, by its name (its member id is PAR::participant1::…).
    const purchase = alice.page.locator('#traffic-purchases li', {
      hasText: '1,000,000 bytes for participant1',
    });
    await purchase.locator('[data-state="created"]').waitFor();
    const { wallet } = await graphql<{
      wallet: { trafficRequests: Array<{ contractId: string }> };
    }>('alice', '{ wallet { trafficRequests { contractId } } }');
    const [request] = wallet.trafficRequests;
    expect(request).toBeDefined();
    const outcome = await net.node.automation.trafficRequests.complete(
      request?.contractId ?? '',
      'traffic-request/test',
    );
    expect(outcome).toMatchObject({ outcome: 'done' });
    // 1 MB costs 3,334 CC; alice holds 10.
    const reason = 'out of funds (missing 3324.0000000000 CC)';
    await purchase
      .locator('.badge.tone-bad[data-state="rejected"]', { hasText: 'Failed' })
      .waitFor();
    await waitText(alice.page, '#traffic-purchases li .failure', `Not bought: ${reason}`);
    await screenshot(alice.page, 'traffic-failed');
    const { items } = await graphql<{
      wallet: { trafficRequests: unknown[] };
    }>('alice', '{ wallet { trafficRequests { contractId } } }').then((data) => ({
      items: data.wallet.trafficRequests,
    }));
    expect(items).toEqual([]);
    await goTo(alice.page, 'Wallet');
    await waitText(alice.page, '#balance-available', '10.00');
    expect(alice.problems).toEqual([]);
    expect(bob.problems).toEqual([]);
  }, 60_000);
});
