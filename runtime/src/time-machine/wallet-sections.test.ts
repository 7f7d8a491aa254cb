import {
  type JournalRecord,
  parseNumeric,
  saveSections,
  type TransactionNode,
} from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { sharedSpliceDars } from '../../testing/splice-node.test-helper.ts';
import { prepareUsers, userCaller } from '../../testing/undo-workload.test-helper.ts';
import { defaultDevnetConfig } from '../devnet/start-devnet.ts';
import type { PocketnetNode } from '../node/create-node.ts';
import { unrestrictedCaller } from '../services/caller.ts';
import type { Wallet } from '../wallet/create-wallet.ts';
import type { SavedWalletHistory } from '../wallet/wallet-history.projection.ts';
import { walletTemplateOf } from '../wallet/wallet-templates.ts';
import { appTemplateOf } from '../wallet-apps/app-templates.ts';
import type { WalletApps } from '../wallet-apps/create-wallet-apps.ts';
import type { createExternalPartyWallet } from '../wallet-external/external-party-wallet.service.ts';
import { harnessConfig, sectionsThreeWays, type ThreeWays } from './sections-harness.ts';

// The wallets' state sections (issue 23): a devnet's wallet, wallet apps and external-party
// administration, and those of LocalNet's app validators, saved live, after a replay and after
// a restore alike, and answering alike on the replayed and the restored node.

const base = harnessConfig(null);

const walletSections = /^wallet(-apps|-external)?\./;
// Names are `area.holder.<participant id>`, and participant ids have no dot.
const holderOf = (name: string) => name.split('.').slice(0, 2).join('.');
const participantOf = (name: string) => name.split('.')[2];
const only = (name: string) => walletSections.test(name);
const minuteMicros = 60_000_000n;

const sorted = <T>(values: Iterable<T>) => [...new Set(values)].sort();
const partiesOf = (records: readonly JournalRecord[]) =>
  sorted(
    records.flatMap((record) =>
      record.type === 'transaction' ? record.nodes.flatMap((node) => node.witnesses) : [],
    ),
  );
const createdKinds = <T extends string>(
  records: readonly JournalRecord[],
  kindOf: (node: TransactionNode) => T | undefined,
): T[] =>
  sorted(
    records.flatMap((record) =>
      record.type === 'transaction' ? record.nodes.flatMap((node) => kindOf(node) ?? []) : [],
    ),
  );

type WalletUnit = {
  readonly wallet: Wallet;
  readonly walletApps: WalletApps;
  readonly walletExternal: ReturnType<typeof createExternalPartyWallet>;
};

/** What the wallet's holders answer for every party and template the journal names. */
function holderReads(unit: WalletUnit, records: readonly JournalRecord[], users: string[]) {
  const parties = partiesOf(records);
  const walletKinds = createdKinds(records, walletTemplateOf);
  const appKinds = createdKinds(records, appTemplateOf);
  const { contracts, history } = unit.wallet;
  const apps = unit.walletApps.contracts;
  return {
    userNames: contracts.userNames().sort(),
    installs: users.map((user) => contracts.installsOf(user)),
    parties: parties.map((party) => ({
      party,
      hasWallet: contracts.hasWallet(party),
      contracts: walletKinds.map((kind) => contracts.of(party, kind)),
      // Paging on from an entry in the middle first: a restored history computes no more.
      historyAfter: history.page(party, {
        pageSize: 3,
        beginAfterId: history.page(party, { pageSize: 4 })[3]?.eventId ?? '',
      }),
      history: history.page(party, { pageSize: 1000 }),
      apps: appKinds.map((kind) => apps.of(party, kind)),
      archivedCoupons: apps.archivedCouponsOf(party),
      proposals: unit.walletExternal.proposals.ofValidator(party),
    })),
    apps: appKinds.map((kind) => apps.all(kind)),
  };
}

/** Runs the three ways with the wallets' sections, checks them, and closes the nodes. */
async function checkThreeWays(
  config: Parameters<typeof sectionsThreeWays>[0],
  scenario: (node: PocketnetNode) => Promise<void>,
  check: (ways: ThreeWays) => void,
) {
  const ways = await sectionsThreeWays(config, scenario, { only });
  try {
    check(ways);
  } finally {
    await ways.nodes.replayed.close();
    await ways.nodes.restored.close();
  }
}

const devnet = harnessConfig({ ...defaultDevnetConfig, seed: '0' });

/** Taps, offers accepted, rejected and failed, a preapproval used, a name bought, time moved. */
async function walletScenario(node: PocketnetNode) {
  await prepareUsers(node);
  const { wallet, walletApps } = node;
  const partyOf = (user: string) => wallet.access.walletOf(userCaller(user)).party;
  const offer = (from: string, to: string, amount: string, trackingId: string) =>
    wallet.offers.create(userCaller(from), {
      receiver: partyOf(to),
      amount,
      description: trackingId,
      expiresAtMicros: node.clock.nowMicros() + 30n * minuteMicros,
      trackingId,
    });
  const paid = await offer('alice', 'bob', '10', 'paid');
  const accepted = await wallet.offers.accept(userCaller('bob'), paid.offerContractId);
  await wallet.offers.completeAccepted(accepted.acceptedOfferContractId);
  const refused = await offer('bob', 'carol', '5', 'refused');
  await wallet.offers.reject(userCaller('carol'), refused.offerContractId);
  // More than carol holds: the completion fails, and her wallet aborts the accepted offer.
  const tooMuch = await offer('carol', 'alice', '5000', 'too-much');
  const failed = await wallet.offers.accept(userCaller('alice'), tooMuch.offerContractId);
  await expect(wallet.offers.completeAccepted(failed.acceptedOfferContractId)).rejects.toThrow();
  await wallet.offers.abortAccepted(failed.acceptedOfferContractId, 'insufficient funds');
  await wallet.preapprovals.createOwn(userCaller('bob'));
  await wallet.preapprovals.send(userCaller('alice'), {
    receiver: partyOf('bob'),
    amount: '3',
    deduplicationId: 'preapproved-1',
  });
  // A name's first payment costs more than her tap.
  await wallet.balances.tapAmulet(wallet.access.walletOf(userCaller('alice')), parseNumeric('500'));
  const name = await walletApps.ans.create(userCaller('alice'), {
    name: 'alice.unverified.ans',
    url: 'https://alice.example',
    description: 'alice',
  });
  await walletApps.subscriptions.acceptRequest(userCaller('alice'), name.subscriptionRequestCid);
  await wallet.balances.tapAmulet(wallet.access.walletOf(userCaller('carol')), parseNumeric('7'));
  await node.walletExternal.createSetupProposal(unrestrictedCaller, partyOf('carol'));
  await node.devnet?.controls.advanceTime(unrestrictedCaller, 20n * minuteMicros);
}

const users = ['administrator', 'alice', 'bob', 'carol'];

describe("the wallets' state sections", () => {
  it('are the same live, replayed and restored after taps, offers, a failed transfer, a preapproval and a name', async () => {
    await checkThreeWays(devnet, walletScenario, (ways) => {
      const names = Object.keys(ways.live);
      expect(names.map(holderOf).sort()).toEqual([
        'wallet-apps.contracts',
        'wallet-external.setup-proposals',
        'wallet-external.transfer-command-sends',
        'wallet.contracts',
        'wallet.history',
      ]);
      expect(ways.replayed).toEqual(ways.live);
      expect(ways.restored).toEqual(ways.live);
      const { replayed, restored } = ways.nodes;
      const reads = holderReads(replayed, ways.records, users);
      expect(reads.parties.some((party) => party.history.length > 5)).toBe(true);
      expect(reads.parties.some((party) => party.proposals.length > 0)).toBe(true);
      expect(holderReads(restored, ways.records, users)).toEqual(reads);
      // Put back whole on first use, the restored holders save what they were restored from.
      expect(saveSectionsOnly(restored)).toEqual(ways.live);
    });
  }, 120_000);

  it('take a put-back back with a revert to a mark before it, and put it back again', async () => {
    await checkThreeWays(devnet, walletScenario, (ways) => {
      const { replayed, restored } = ways.nodes;
      const mark = restored.undo.mark();
      const reads = holderReads(restored, ways.records, users);
      restored.undo.rollback(mark);
      expect(saveSectionsOnly(restored)).toEqual(ways.live);
      expect(holderReads(restored, ways.records, users)).toEqual(reads);
      expect(reads).toEqual(holderReads(replayed, ways.records, users));
    });
  }, 120_000);

  it("are the same three ways for token-standard transfers on Splice's own packages, which read the amounts of amulets they consume", async () => {
    await checkThreeWays({ ...devnet, spliceDars: sharedSpliceDars }, tokenScenario, (ways) => {
      const history = Object.entries(ways.live).find(([name]) => name.startsWith('wallet.history'));
      const sources = (history?.[1] as SavedWalletHistory | undefined)?.sources ?? [];
      expect(sources.some(([, , held]) => held.length > 0)).toBe(true);
      expect(ways.replayed).toEqual(ways.live);
      expect(ways.restored).toEqual(ways.live);
      const { replayed, restored } = ways.nodes;
      const reads = holderReads(replayed, ways.records, users);
      expect(holderReads(restored, ways.records, users)).toEqual(reads);
    });
  }, 120_000);

  it("are the same three ways for LocalNet's app validators, each named by its participant", async () => {
    await checkThreeWays(localnet, appValidatorsScenario, (ways) => {
      const { replayed, restored } = ways.nodes;
      const units = (node: PocketnetNode) => [node, ...node.validatorApps];
      // Three wallets, one per participant, each with its five sections.
      expect(Object.keys(ways.live)).toHaveLength(15);
      const participantIds = units(replayed).map((unit) => unit.wallet.network.participantId());
      expect(sorted(Object.keys(ways.live).map(participantOf))).toEqual(sorted(participantIds));
      expect(ways.replayed).toEqual(ways.live);
      expect(ways.restored).toEqual(ways.live);
      const appUsers = [...users, 'provider', 'user'];
      const reads = units(replayed).map((unit) => holderReads(unit, ways.records, appUsers));
      expect(reads[2]?.parties.some((party) => party.history.length > 0)).toBe(true);
      const restoredReads = units(restored).map((unit) =>
        holderReads(unit, ways.records, appUsers),
      );
      expect(restoredReads).toEqual(reads);
    });
  }, 120_000);
});

/** Token-standard transfers: one straight into a preapproval, one offered and accepted. */
async function tokenScenario(node: PocketnetNode) {
  await prepareUsers(node);
  const { wallet } = node;
  const partyOf = (user: string) => wallet.access.walletOf(userCaller(user)).party;
  const transfer = (to: string, amount: string, trackingId: string) =>
    wallet.tokenTransfers.create(userCaller('alice'), {
      receiver: partyOf(to),
      amount,
      description: trackingId,
      expiresAtMicros: node.clock.nowMicros() + 30n * minuteMicros,
      trackingId,
    });
  const offered = await transfer('carol', '4', 'offered');
  if (offered.output.kind !== 'pending') throw new Error('the transfer to carol is not pending');
  await wallet.tokenTransfers.accept(userCaller('carol'), offered.output.transferInstructionCid);
  await wallet.preapprovals.createOwn(userCaller('bob'));
  await transfer('bob', '6', 'preapproved');
}

const localnet = {
  ...base,
  participantName: 'sv',
  participants: ['app-provider', 'app-user'],
  devnet: defaultDevnetConfig,
  validatorApps: [
    { participant: 'app-provider', partyHint: 'provider_hint-1', walletUsers: ['provider'] },
    { participant: 'app-user', partyHint: 'user_hint-1', walletUsers: ['user'] },
  ],
};

/** The app-user taps and pays the app-provider through a transfer offer. */
async function appValidatorsScenario(node: PocketnetNode) {
  const [provider, user] = node.validatorApps;
  if (!provider || !user) throw new Error('two validator apps');
  const userWallet = user.wallet.access.walletOf(userCaller('user'));
  await user.wallet.balances.tapAmulet(userWallet, parseNumeric('100'));
  const offer = await user.wallet.offers.create(userCaller('user'), {
    receiver: provider.operator,
    amount: '25.5',
    description: 'for the app',
    expiresAtMicros: node.clock.nowMicros() + 30n * minuteMicros,
    trackingId: 'to-provider',
  });
  const accepted = await provider.wallet.offers.accept(
    userCaller('provider'),
    offer.offerContractId,
  );
  await user.wallet.offers.completeAccepted(accepted.acceptedOfferContractId);
}

function saveSectionsOnly(node: PocketnetNode) {
  return Object.fromEntries(Object.entries(saveSections(node.undo)).filter(([name]) => only(name)));
}
