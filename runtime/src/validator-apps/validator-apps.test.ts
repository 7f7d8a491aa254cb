import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseNumeric } from '@pocketnet/ledger';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalnetTestNode } from '../../testing/localnet-node.test-helper.ts';
import { sharedSpliceDars, splicePackageId } from '../../testing/splice-node.test-helper.ts';
import type { PocketnetNode } from '../node/create-node.ts';
import type { Caller } from '../services/caller.ts';
import { unrestrictedCaller } from '../services/caller.ts';
import type { ValidatorApp } from './create-validator-app.ts';

// LocalNet's app validators (issue 22): each further participant runs a validator app of its
// own, onboarded to the SV's network, whose wallet acts for its participant's parties only.

const nodes: PocketnetNode[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const as = (userId: string): Caller => ({ kind: 'user', userId, identityProviderId: '' });

async function startLocalNet(dataDir: string | null = null) {
  const { node } = await createLocalnetTestNode({
    dataDir,
    validatorApps: [
      { participant: 'app-provider', partyHint: 'provider_hint-1', walletUsers: ['provider'] },
      { participant: 'app-user', partyHint: 'user_hint-1', walletUsers: ['user', 'user-id'] },
    ],
  });
  nodes.push(node);
  const [provider, user] = node.validatorApps;
  if (!provider || !user) throw new Error('two validator apps');
  return { node, provider, user };
}

const hostedOn = (app: ValidatorApp, party: string) =>
  app.participant.participant.parties.get(party)?.isLocal === true;

describe('validator apps of further participants', () => {
  it("onboard each operator on its own participant, with the hint as given, a licence, a right and its wallet users' installs", async () => {
    const { node, provider, user } = await startLocalNet();
    expect(provider.operator).toMatch(/^provider_hint-1::1220/);
    expect(user.operator).toMatch(/^user_hint-1::1220/);
    expect(hostedOn(provider, provider.operator)).toBe(true);
    expect(hostedOn(provider, user.operator)).toBe(false);
    expect(hostedOn(user, user.operator)).toBe(true);
    expect(node.participant.parties.get(user.operator)?.isLocal).toBe(false);
    const licensed = [...node.engine.contracts.values()]
      .filter((contract) =>
        contract.templateId.endsWith(':Splice.ValidatorLicense:ValidatorLicense'),
      )
      .map((contract) => contract.createArgument.validator);
    expect(licensed).toEqual(expect.arrayContaining([provider.operator, user.operator]));
    for (const name of ['user', 'user-id']) {
      expect(user.wallet.access.lookupWallet(name)?.party).toBe(user.operator);
      expect(user.participant.participant.users.get(name)?.primaryParty).toBe(user.operator);
    }
    expect(provider.wallet.validatorUser()).toMatchObject({
      partyId: provider.operator,
      userName: 'provider',
    });
    expect(node.wallet.validatorUser().partyId).toBe(node.devnet?.parties.validatorOperator);
  });

  it("moves amulet between the two validators' wallets, each seeing only its own", async () => {
    const { node, provider, user } = await startLocalNet();
    await user.wallet.balances.tapAmulet(
      user.wallet.access.walletOf(as('user')),
      parseNumeric('100'),
    );
    const offer = await user.wallet.offers.create(as('user'), {
      receiver: provider.operator,
      amount: '25.5',
      description: 'for the app',
      expiresAtMicros: 1_767_229_200_000_000n,
      trackingId: 'to-provider',
    });
    // An offer between the two app validators' parties: on their participants, not the SV's.
    expect(user.wallet.contracts.get(offer.offerContractId)?.kind).toBe('transferOffer');
    expect(provider.wallet.contracts.get(offer.offerContractId)?.kind).toBe('transferOffer');
    expect(node.wallet.contracts.get(offer.offerContractId)).toBeUndefined();
    await provider.wallet.offers.accept(as('provider'), offer.offerContractId);
    // The sender's validator completes it: the app-user's automation, not the SV's.
    expect(node.automation.offers.acceptedToComplete()).toEqual([]);
    const [accepted] = user.automation.offers.acceptedToComplete();
    if (!accepted) throw new Error("the accepted offer is not the app-user automation's");
    await user.automation.offers.complete(accepted, 'complete-1');
    expect(provider.wallet.balances.balance(as('provider')).effectiveUnlockedQty).toBe(
      '25.5000000000',
    );
    expect(() => provider.wallet.balances.balance(as('user'))).toThrow(/not onboarded/);
    expect(() => user.wallet.balances.balance(as('provider'))).toThrow(/not onboarded/);
    // The transfer is in both wallets' histories: each participant sees its own side of it.
    const transfersOf = (app: ValidatorApp, userId: string) =>
      app.wallet
        .transactions(as(userId), { pageSize: 50 })
        .filter((entry) => entry.type === 'transfer')
        .map((entry) => entry.eventId);
    const received = transfersOf(provider, 'provider');
    expect(received).toHaveLength(1);
    expect(transfersOf(user, 'user')).toEqual(expect.arrayContaining(received));
  });

  it("builds each app validator's wallet from what its participant's parties see, not the whole synchronizer", async () => {
    const { node, provider, user } = await startLocalNet();
    // An amulet of the SV's operator: a contract between the DSO and the SV, both on the SV's.
    const svUser = node.wallet.validatorUser().userName;
    const svAmulet = await node.wallet.balances.tapAmulet(
      node.wallet.access.walletOf(as(svUser)),
      parseNumeric('7'),
    );
    expect(node.wallet.contracts.get(svAmulet)?.kind).toBe('amulet');
    expect(user.wallet.contracts.get(svAmulet)).toBeUndefined();
    expect(provider.wallet.contracts.get(svAmulet)).toBeUndefined();
    // The app-user's own amulet is in its wallet only (the SV's sees it: the DSO signs it).
    const userAmulet = await user.wallet.balances.tapAmulet(
      user.wallet.access.walletOf(as('user')),
      parseNumeric('3'),
    );
    expect(user.wallet.contracts.get(userAmulet)?.kind).toBe('amulet');
    expect(provider.wallet.contracts.get(userAmulet)).toBeUndefined();
  });

  it('adds nothing to the journal when started again on it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'validator-apps-'));
    dirs.push(dir);
    const first = await startLocalNet(dir);
    const end = first.node.engine.ledgerEnd();
    const operators = [first.provider.operator, first.user.operator];
    await nodes.splice(0)[0]?.close();
    const again = await startLocalNet(dir);
    expect(again.node.engine.ledgerEnd()).toBe(end);
    expect([again.provider.operator, again.user.operator]).toEqual(operators);
    expect(again.user.wallet.access.lookupWallet('user-id')?.party).toBe(again.user.operator);
  });

  it("uploads Splice's own DARs to each app validator's participant, whose wallet then runs on them", async () => {
    const { node } = await createLocalnetTestNode({
      validatorApps: [
        { participant: 'app-provider', partyHint: 'provider_hint-1', walletUsers: ['provider'] },
        { participant: 'app-user', partyHint: 'user_hint-1', walletUsers: ['user'] },
      ],
      spliceDars: sharedSpliceDars,
    });
    nodes.push(node);
    const amulet = splicePackageId('splice-amulet');
    for (const app of node.validatorApps) {
      expect(app.participant.packageAdmin.status(unrestrictedCaller, amulet)).toBe(true);
    }
    const [, user] = node.validatorApps;
    if (!user) throw new Error('two validator apps');
    const tapped = await user.wallet.balances.tapAmulet(
      user.wallet.access.walletOf(as('user')),
      parseNumeric('5'),
    );
    const created = node.engine.contracts.lookup(tapped);
    expect(created?.templateId).toBe(`${amulet}:Splice.Amulet:Amulet`);
  });
});
