import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, exercise } from './ledger-fixtures.ts';
import { dsoRulesChoice, type ScanContract, scanError, scanOk } from './scan-network-fixtures.ts';
import {
  amuletRulesId,
  createdIn,
  inputAmulet,
  rootResult,
  submitTree,
  tap,
  transferContext,
} from './splice-amulet-calls.ts';
import {
  type CreatedEvent,
  dsoContracts,
  nodeTime,
  onlyContract,
  partyWithUser,
  type SpliceNode,
  spliceIds,
  startSpliceNode,
} from './splice-fixtures.ts';
import { installWallet, preapprove } from './splice-wallet-calls.ts';

// The name service, featured apps and transfer preapprovals as Scan serves them, after
// creating them through the Ledger API the way wallets and the DSO do.

const ansRulesId = '#splice-amulet-name-service:Splice.Ans:AnsRules';
const ansEntryId = '#splice-amulet-name-service:Splice.Ans:AnsEntry';
const dayMillis = 86_400_000;

type AnsEntry = {
  contract_id?: string;
  user: string;
  name: string;
  url: string;
  description: string;
  expires_at?: string;
};

const asScanContract = (event: CreatedEvent) => ({
  template_id: event.templateId,
  contract_id: event.contractId,
  payload: event.createArgument,
  created_event_blob: event.createdEventBlob,
  created_at: expect.any(String),
});

describe('Scan: names, featured apps and preapprovals', () => {
  let net: SpliceNode;
  let alice: string;

  beforeAll(async () => {
    net = await startSpliceNode();
    alice = await partyWithUser(net, 'alice');
    await createUser(net.node, 'alice-wallet', [alice, net.operator], [net.dso]);
  });
  afterAll(() => net.node.close());

  /** AnsRules_RequestEntry, the wallet's first payment, the DSO's collection: a new entry. */
  async function buyAnsEntry(name: string) {
    const install = await installWallet(net, 'alice-wallet', { party: alice, name: 'alice' });
    const rules = await scanOk<{ ans_rules_update: { contract: ScanContract } }>(
      net.node,
      '/v0/ans-rules',
      { body: {} },
    );
    const ansRules = rules.ans_rules_update.contract.contract_id;
    const argument = { name, url: 'https://alice.example.com', description: 'Alice', user: alice };
    const requested = rootResult<{ entryCid: string; requestCid: string }>(
      await submitTree(net, {
        user: 'alice',
        actAs: [alice],
        commands: [exercise(ansRulesId, ansRules, 'AnsRules_RequestEntry', argument)],
      }),
    );
    const coin = (await tap(net, 'alice', alice, '1000.0')).amulet;
    const amuletRules = await amuletRulesId(net);
    const paid = await submitTree(net, {
      user: 'alice-wallet',
      actAs: [net.operator],
      readAs: [alice, net.dso],
      commands: [
        exercise(spliceIds.walletAppInstall, install, 'WalletAppInstall_ExecuteBatch', {
          context: { amuletRules, context: await transferContext(net) },
          inputs: [inputAmulet(coin)],
          operations: [
            { tag: 'CO_SubscriptionAcceptAndMakeInitialPayment', value: requested.requestCid },
          ],
        }),
      ],
    });
    expect(rootResult<{ outcomes: unknown[] }>(paid).outcomes).toHaveLength(1);
    // The SV's automation collects the initial payment and creates the entry; a second of
    // node time lets it run.
    const advanced = await net.node.call('/api/devnet/v0/time/advance', { body: { seconds: 1 } });
    expect(advanced.status).toBe(200);
  }

  it('provides the DSO’s and the SVs’ own entries, without contract or expiry', async () => {
    const dsoEntry = { user: net.dso, name: 'dso.ans', url: '', description: '' };
    const svEntry = { user: net.sv, name: 'sv1.sv.ans', url: '', description: '' };
    expect(await scanOk(net.node, `/v0/ans-entries/by-party/${net.dso}`)).toEqual({
      entry: dsoEntry,
    });
    expect(await scanOk(net.node, `/v0/ans-entries/by-party/${net.sv}`)).toEqual({
      entry: svEntry,
    });
    expect(await scanOk(net.node, '/v0/ans-entries/by-name/dso.ans')).toEqual({ entry: dsoEntry });
    expect(await scanOk(net.node, '/v0/ans-entries/by-name/sv1.sv.ans')).toEqual({
      entry: svEntry,
    });
    expect(await scanOk(net.node, '/v0/ans-entries?page_size=10')).toEqual({
      entries: [dsoEntry, svEntry],
    });
    await scanError(net.node, `/v0/ans-entries/by-party/${alice}`, {
      status: 404,
      message: /alice/,
    });
    await scanError(net.node, '/v0/ans-entries/by-name/alice.unverified.ans', {
      status: 404,
      message: /alice\.unverified\.ans/,
    });
  });

  it('serves an entry bought through the Ledger API by party, by name and by prefix', async () => {
    const start = Date.parse(await nodeTime(net));
    await buyAnsEntry('alice.unverified.ans');
    const [ledgerEntry] = await dsoContracts(net, ansEntryId);
    expect(ledgerEntry?.createArgument).toMatchObject({
      user: alice,
      name: 'alice.unverified.ans',
    });
    const expected: AnsEntry = {
      contract_id: ledgerEntry?.contractId ?? '',
      user: alice,
      name: 'alice.unverified.ans',
      url: 'https://alice.example.com',
      description: 'Alice',
      expires_at: String(ledgerEntry?.createArgument.expiresAt),
    };
    expect(Date.parse(expected.expires_at ?? '') - start).toBe(90 * dayMillis);
    expect(await scanOk(net.node, `/v0/ans-entries/by-party/${alice}`)).toEqual({
      entry: expected,
    });
    expect(await scanOk(net.node, '/v0/ans-entries/by-name/alice.unverified.ans')).toEqual({
      entry: expected,
    });
    expect(await scanOk(net.node, '/v0/ans-entries?name_prefix=ali&page_size=5')).toEqual({
      entries: [expected],
    });
    // Ledger entries come first, then the DSO's, up to the page size.
    const all = await scanOk<{ entries: AnsEntry[] }>(net.node, '/v0/ans-entries?page_size=10');
    expect(all.entries.map((entry) => entry.name)).toEqual([
      'alice.unverified.ans',
      'dso.ans',
      'sv1.sv.ans',
    ]);
    const one = await scanOk<{ entries: AnsEntry[] }>(net.node, '/v0/ans-entries?page_size=1');
    expect(one.entries).toEqual([expected]);
    expect(await scanOk(net.node, '/v0/ans-entries?name_prefix=bob&page_size=5')).toEqual({
      entries: [],
    });
  });

  it('refuses a listing without a positive page size', async () => {
    for (const query of ['', '?page_size=0', '?page_size=ten', '?name_prefix=a']) {
      await scanError(net.node, `/v0/ans-entries${query}`, { status: 400, message: /page_size/ });
    }
  });

  it('serves the devnet’s featured app right by provider and by contract id', async () => {
    const right = await onlyContract(net, spliceIds.featuredAppRight);
    expect(right.createArgument.provider).toBe(net.operator);
    const contract = asScanContract(right);
    expect(await scanOk(net.node, '/v0/featured-apps')).toEqual({ featured_apps: [contract] });
    expect(await scanOk(net.node, `/v0/featured-apps/${net.operator}`)).toEqual({
      featured_app_right: contract,
    });
    expect(await scanOk(net.node, `/v0/featured-apps/by-provider/${net.operator}`)).toEqual({
      featured_apps: [contract],
    });
    expect(await scanOk(net.node, `/v0/featured-apps/by-contract-id/${right.contractId}`)).toEqual({
      featured_app_right: contract,
    });
    // Not found: the field is absent, for a stranger, an unknown id and another template's id.
    expect(await scanOk(net.node, `/v0/featured-apps/${alice}`)).toEqual({});
    expect(await scanOk(net.node, `/v0/featured-apps/by-provider/${alice}`)).toEqual({
      featured_apps: [],
    });
    const rules = await amuletRulesId(net);
    for (const id of [`00${'ef'.repeat(32)}`, rules]) {
      expect(await scanOk(net.node, `/v0/featured-apps/by-contract-id/${id}`)).toEqual({});
    }
  });

  it('follows the DSO granting and revoking a right', async () => {
    await createUser(net.node, 'dso-actor', [net.dso]);
    const granted = rootResult<{ featuredAppRight: string }>(
      await dsoRulesChoice(net, {
        user: 'dso-actor',
        actAs: net.dso,
        choice: 'DsoRules_GrantFeaturedAppRight',
        argument: { provider: alice },
      }),
    ).featuredAppRight;
    const byId = await scanOk<{ featured_app_right: ScanContract }>(
      net.node,
      `/v0/featured-apps/by-contract-id/${granted}`,
    );
    expect(byId.featured_app_right.payload).toEqual({ dso: net.dso, provider: alice });
    const list = await scanOk<{ featured_apps: ScanContract[] }>(net.node, '/v0/featured-apps');
    expect(list.featured_apps).toHaveLength(2);
    await dsoRulesChoice(net, {
      user: 'dso-actor',
      actAs: net.dso,
      choice: 'DsoRules_RevokeFeaturedAppRight',
      argument: { rightCid: granted },
    });
    expect(await scanOk(net.node, `/v0/featured-apps/by-contract-id/${granted}`)).toEqual({});
    expect(await scanOk(net.node, `/v0/featured-apps/${alice}`)).toEqual({});
  });

  it('looks up the TransferPreapproval of a receiver once the provider created it', async () => {
    const carol = await partyWithUser(net, 'carol', { readsDso: false });
    await scanError(net.node, `/v0/transfer-preapprovals/by-party/${carol}`, {
      status: 404,
      message: /carol/,
    });
    const accepted = await preapprove(net, { user: 'carol', receiver: carol, days: 100 });
    const [created] = createdIn(accepted, spliceIds.transferPreapproval);
    const [preapproval] = (await dsoContracts(net, spliceIds.transferPreapproval)).filter(
      (event) => event.createArgument.receiver === carol,
    );
    expect(preapproval?.contractId).toBe(created?.contractId);
    expect(await scanOk(net.node, `/v0/transfer-preapprovals/by-party/${carol}`)).toEqual({
      transfer_preapproval: {
        contract: asScanContract(preapproval as CreatedEvent),
        domain_id: net.node.node.identity.synchronizerId,
      },
    });
    await scanError(net.node, `/v0/transfer-preapprovals/by-party/${alice}`, {
      status: 404,
      message: /TransferPreapproval/,
    });
  });

  it('has no transfer commands: nonce 0 for everyone, no status', async () => {
    await scanError(net.node, `/v0/transfer-command-counter/${alice}`, {
      status: 404,
      message: /use 0 for the nonce/,
    });
    await scanError(net.node, `/v0/transfer-command/status?sender=${alice}&nonce=0`, {
      status: 404,
      message: /nonce 0/,
    });
    await scanError(net.node, '/v0/transfer-command/status?nonce=0', {
      status: 400,
      message: /sender/,
    });
    await scanError(net.node, `/v0/transfer-command/status?sender=${alice}&nonce=x`, {
      status: 400,
      message: /nonce/,
    });
  });
});
