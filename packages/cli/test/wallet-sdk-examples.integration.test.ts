import {
  CustomLogAdapter,
  SDK,
  signTransactionHash,
  type TokenProviderConfig,
} from '@canton-network/wallet-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProcessSet, findFreePort, waitForHttpOk } from './node-process.ts';
import { isBannerComplete, nodeArgs } from './pocketnet-process.ts';

// The official wallet SDK 1.4.0 (what integrators use), unchanged, running the flows of its
// LocalNet examples (hyperledger-labs/splice-wallet-kernel docs/wallet-integration-guide/
// examples: init, two-step transfer, preapproval, merge, offline signing) against a started
// `pocketnet start`: its automations, its wall clock. A LocalNet's URLs become this node's, and
// its `ledger-api-user` (the validator's Ledger API user there) is provisioned as LocalNet does.

const auth: TokenProviderConfig = {
  method: 'self_signed',
  issuer: 'unsafe-auth',
  credentials: {
    clientId: 'ledger-api-user',
    clientSecret: 'unsafe',
    audience: 'https://canton.network.global',
    scope: '',
  },
};
const quiet = new CustomLogAdapter(() => {});

type Sdk = Awaited<ReturnType<typeof createSdk>>;
type Keys = { publicKey: string; privateKey: string };
type Party = { partyId: string; keys: Keys };

function createSdk(url: string) {
  const validatorUrl = new URL(`${url}/api/validator`);
  // LocalNet's registry is the validator's scan proxy (localNetStaticConfig).
  const registryUrl = new URL(`${url}/api/validator/v0/scan-proxy`);
  return SDK.create({
    auth,
    ledgerClientUrl: url,
    logAdapter: quiet,
    token: { validatorUrl, registries: [registryUrl], auth },
    amulet: { validatorUrl, scanApiUrl: new URL(`${url}/api/scan`), auth, registryUrl },
  });
}

const processes = createProcessSet();
let url = '';
let operator = '';
let sdk: Sdk;
let registryUrl: URL;

/** What LocalNet provisions: the validator's `ledger-api-user`, a participant admin. */
async function provisionLedgerApiUser(adminToken: string) {
  const created = await fetch(`${url}/v2/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({
      user: { id: 'ledger-api-user', primaryParty: operator },
      rights: [
        { kind: { ParticipantAdmin: { value: {} } } },
        { kind: { CanActAs: { value: { party: operator } } } },
      ],
    }),
  });
  expect(created.status, await created.text()).toBe(200);
}

beforeAll(async () => {
  const port = await findFreePort();
  const spawned = processes.spawn(
    process.execPath,
    nodeArgs(['start', '--port', String(port), '--ephemeral']),
    {},
  );
  const banner = await spawned.waitForOutput(isBannerComplete);
  url = `http://127.0.0.1:${port}`;
  await waitForHttpOk(`${url}/readyz`);
  operator = /validator operator +(\S+)/.exec(banner)?.[1] ?? '';
  await provisionLedgerApiUser(/admin token +(\S+)/.exec(banner)?.[1] ?? '');
  sdk = await createSdk(url);
  registryUrl = new URL(`${url}/api/validator/v0/scan-proxy`);
}, 60_000);
afterAll(() => processes.stopAll());

const parties: Record<string, Party> = {};

/** Online: the SDK prepares, signs and executes the party's topology in one chain. */
async function createParty(hint: string): Promise<Party> {
  const keys = sdk.keys.generate();
  const created = await sdk.party.external
    .create(keys.publicKey, { partyHint: hint })
    .sign(keys.privateKey)
    .execute();
  return { partyId: created.partyId, keys };
}

async function submit(party: Party, commands: unknown, disclosedContracts: unknown[] = []) {
  return sdk.ledger
    .prepare({
      partyId: party.partyId,
      commands: commands as never,
      disclosedContracts: disclosedContracts as never,
    })
    .sign(party.keys.privateKey)
    .execute({ partyId: party.partyId });
}

const amountsOf = async (party: Party) =>
  (await sdk.token.utxos.list({ partyId: party.partyId }))
    .map((utxo) => utxo.interfaceViewValue.amount)
    .sort();
const tap = async (party: Party, amount: string) => {
  const [command, disclosed] = await sdk.amulet.tap(party.partyId, amount);
  await submit(party, command, disclosed);
};
/** The token-standard transfer command of amulet, as the examples build it. */
const transferOf = (sender: Party, recipient: Party, amount: string) =>
  sdk.token.transfer.create({
    sender: sender.partyId,
    recipient: recipient.partyId,
    instrumentId: 'Amulet',
    registryUrl,
    amount,
  });
const units = (amount: string) => BigInt(amount.replace('.', ''));
const totalOf = async (party: Party) =>
  (await amountsOf(party)).reduce((sum, amount) => sum + units(amount), 0n);

describe('the wallet SDK 1.4.0 LocalNet examples against pocketnet start', () => {
  it('01 init: connects, creates external parties online and with an externally signed topology, pings and taps', async () => {
    expect((await sdk.party.list()).length).toBeGreaterThan(0);
    parties.alice = await createParty('v1-01-alice');
    // The receiver's topology signed outside the SDK: only the multi-hash is signed.
    const bobKeys = sdk.keys.generate();
    const creation = sdk.party.external.create(bobKeys.publicKey, { partyHint: 'v1-01-bob' });
    const unsigned = await creation.topology();
    expect(await sdk.utils.hash.topologyTransaction(unsigned.topologyTransactions)).toBe(
      unsigned.multiHash,
    );
    const bob = await creation.execute(signTransactionHash(unsigned.multiHash, bobKeys.privateKey));
    parties.bob = { partyId: bob.partyId, keys: bobKeys };
    expect(bob.partyId).toBe(`v1-01-bob::${await sdk.keys.fingerprint(bobKeys.publicKey)}`);

    const alice = parties.alice;
    const ping = sdk.utils.ping.create([{ initiator: alice.partyId, responder: alice.partyId }]);
    await submit(alice, ping);
    // Offline signing of the same command: the hash comes back signed from elsewhere.
    const { response } = await sdk.ledger
      .prepare({ partyId: alice.partyId, commands: ping as never, disclosedContracts: [] })
      .toJSON();
    const signature = signTransactionHash(response.preparedTransactionHash, alice.keys.privateKey);
    await sdk.ledger.execute(sdk.ledger.fromSignature(response, signature), {
      partyId: alice.partyId,
    });

    await tap(alice, '10000');
    expect(await amountsOf(alice)).toEqual(['10000.0000000000']);
  }, 60_000);

  it('02 two-step transfer: the receiver sees the pending instruction and accepts it', async () => {
    const { alice, bob } = parties as Record<'alice' | 'bob', Party>;
    const [transfer, disclosed] = await transferOf(alice, bob, '2000');
    await submit(alice, transfer, disclosed);
    const pending = await sdk.token.transfer.pending(bob.partyId);
    expect(pending.map((instruction) => instruction.interfaceViewValue.transfer.amount)).toEqual([
      '2000.0000000000',
    ]);
    const [accept, acceptDisclosed] = await sdk.token.transfer.accept({
      transferInstructionCid: pending[0]?.contractId ?? '',
      registryUrl,
    });
    await submit(bob, accept, acceptDisclosed);
    expect(await amountsOf(bob)).toEqual(['2000.0000000000']);
    expect(await sdk.token.transfer.pending(bob.partyId)).toEqual([]);
    // Token-standard transfers of amulet carry no transfer fee: the sender paid the 2000.
    expect(await totalOf(alice)).toBe(units('8000.0000000000'));
  }, 60_000);

  it('05 preapproval: the validator accepts the proposal, and a transfer lands in one step', async () => {
    const { alice } = parties as Record<'alice', Party>;
    const carol = await createParty('v1-05-carol');
    parties.carol = carol;
    const proposal = await sdk.amulet.preapproval.command.create({
      parties: { receiver: carol.partyId },
    });
    expect(proposal.CreateCommand.createArguments).toMatchObject({
      provider: operator,
      receiver: carol.partyId,
    });
    await submit(carol, proposal);
    // As the example asks: its first look finds the preapproval (it polls every 10 s after).
    const status = await sdk.amulet.preapproval.fetchStatus(carol.partyId);
    expect(status?.contractId).toEqual(expect.any(String));
    const days = ((status?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);

    const [transfer, disclosed] = await transferOf(alice, carol, '2000');
    await submit(alice, transfer, disclosed);
    expect(await amountsOf(carol)).toEqual(['2000.0000000000']);
    expect(await sdk.token.transfer.pending(carol.partyId)).toEqual([]);
  }, 60_000);

  it('06 merge: fifteen holdings from parallel taps become one', async () => {
    const dave = await createParty('v1-06-dave');
    parties.dave = dave;
    await Promise.all(Array.from({ length: 15 }, () => tap(dave, '2000000')));
    expect(await amountsOf(dave)).toHaveLength(15);
    const [merges, disclosed] = await sdk.token.utxos.merge({ partyId: dave.partyId });
    await Promise.all(merges.map((merge) => submit(dave, merge, disclosed)));
    const merged = await amountsOf(dave);
    expect(merged).toHaveLength(1);
    expect(units(merged[0] ?? '0')).toBeLessThanOrEqual(units('30000000.0000000000'));
    expect(units(merged[0] ?? '0')).toBeGreaterThan(units('29999900.0000000000'));
  }, 60_000);

  it('14 offline signing: keys and hashes off line, the node only prepares and executes', async () => {
    const offline = SDK.createOffline({ logAdapter: quiet });
    const onboard = async (hint: string): Promise<Party> => {
      const keys = offline.keys.generate();
      const prepared = sdk.party.external.create(keys.publicKey, { partyHint: hint });
      const { multiHash, topologyTransactions } = await prepared.topology();
      expect(await offline.utils.hash.topologyTransaction(topologyTransactions)).toBe(multiHash);
      const party = await prepared.execute(signTransactionHash(multiHash, keys.privateKey));
      return { partyId: party.partyId, keys };
    };
    const [erin, frank] = [await onboard('v1-14-erin'), await onboard('v1-14-frank')];
    /** Prepared on line, its hash recomputed and signed off line, executed on line. */
    const signOffline = async (party: Party, commands: unknown, disclosed: unknown[]) => {
      const { response } = await sdk.ledger
        .prepare({
          partyId: party.partyId,
          commands: commands as never,
          disclosedContracts: disclosed as never,
        })
        .toJSON();
      const recomputed = await offline.utils.hash.preparedTransaction(response.preparedTransaction);
      expect(recomputed.toBase64()).toBe(response.preparedTransactionHash);
      const signature = signTransactionHash(
        response.preparedTransactionHash,
        party.keys.privateKey,
      );
      await sdk.ledger.execute(sdk.ledger.fromSignature(response, signature), {
        partyId: party.partyId,
      });
    };
    const [tapCommand, tapDisclosed] = await sdk.amulet.tap(erin.partyId, '10000');
    await signOffline(erin, tapCommand, tapDisclosed);
    const [transfer, disclosed] = await transferOf(erin, frank, '100');
    await signOffline(erin, transfer, disclosed);
    const pending = await sdk.token.transfer.pending(frank.partyId);
    expect(pending).toHaveLength(1);
    const [accept, acceptDisclosed] = await sdk.token.transfer.accept({
      transferInstructionCid: pending[0]?.contractId ?? '',
      registryUrl,
    });
    await signOffline(frank, accept, acceptDisclosed);
    expect(await amountsOf(frank)).toEqual(['100.0000000000']);
  }, 60_000);

  it('history: each party’s holdings transactions, labelled as the SDK labels them', async () => {
    const { alice, bob, carol, dave } = parties as Record<string, Party>;
    const labelsOf = async (party: Party | undefined) => {
      const history = await sdk.token.holdings({ partyId: party?.partyId ?? '' });
      return history.transactions.flatMap((transaction) =>
        transaction.events.map((event) => event.label),
      );
    };
    const aliceLabels = await labelsOf(alice);
    expect(aliceLabels.map((label) => label.type)).toEqual(
      expect.arrayContaining(['Mint', 'TransferOut']),
    );
    expect(aliceLabels.filter((label) => label.type === 'TransferOut')).toEqual([
      expect.objectContaining({ receiverAmounts: [{ receiver: bob?.partyId, amount: '2000' }] }),
      expect.objectContaining({ receiverAmounts: [{ receiver: carol?.partyId, amount: '2000' }] }),
    ]);
    expect((await labelsOf(bob)).find((label) => label.type === 'TransferIn')).toMatchObject({
      sender: alice?.partyId,
    });
    expect((await labelsOf(carol)).find((label) => label.type === 'TransferIn')).toMatchObject({
      sender: alice?.partyId,
    });
    expect((await labelsOf(dave)).map((label) => label.type)).toContain('MergeSplit');
  }, 60_000);
});
