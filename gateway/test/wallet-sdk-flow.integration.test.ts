import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CustomLogAdapter,
  SDK,
  signTransactionHash,
  type TokenProviderConfig,
} from '@canton-network/wallet-sdk';
import { createWallClock } from '@pocketnet/ledger';
import { createNode, defaultDevnetConfig, type PocketnetNode } from '@pocketnet/runtime';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, mintDevToken } from '../src/index.ts';

// The official wallet SDK (1.4.0), unchanged, against a devnet node on a free port: the URLs
// are the only configuration, as for a LocalNet. The node runs on the wall clock, because the
// SDK picks the open round and stamps transfers with its own clock. Every prepared transaction
// is hashed again by the SDK's own encoder before it is signed.

const logger = pino({ level: 'silent' });
const sdkUser = 'ledger-api-user';
const auth: TokenProviderConfig = {
  method: 'self_signed',
  issuer: 'unsafe-auth',
  credentials: {
    clientId: sdkUser,
    clientSecret: 'unsafe',
    audience: 'https://canton.network.global',
    scope: '',
  },
};

type Party = { partyId: string; publicKey: string; privateKey: string };

function connect(url: string) {
  const validatorUrl = new URL(`${url}/api/validator`);
  const registryUrl = new URL(`${url}/api/validator/v0/scan-proxy`);
  return SDK.create({
    auth,
    ledgerClientUrl: url,
    logAdapter: new CustomLogAdapter(() => {}),
    token: { validatorUrl, registries: [registryUrl], auth },
    amulet: { validatorUrl, scanApiUrl: new URL(`${url}/api/scan`), auth, registryUrl },
  });
}

let node: { node: PocketnetNode; url: string; close(): Promise<void> };
let sdk: Awaited<ReturnType<typeof connect>>;

async function startWallClockNode() {
  const pocketnet = await createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    dataDir: null,
    clock: createWallClock(),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
    devnet: defaultDevnetConfig,
  });
  const auth = {
    mode: 'hs256' as const,
    secret: 'unsafe',
    audience: 'https://canton.network.global',
  };
  const gateway = createGateway({ node: pocketnet, auth, logger });
  const server = createServer(gateway.app);
  gateway.attachWebSockets(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    node: pocketnet,
    url: `http://127.0.0.1:${port}`,
    async close() {
      gateway.closeStreams();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pocketnet.close();
    },
  };
}

beforeAll(async () => {
  node = await startWallClockNode();
  // LocalNet's ledger-api-user: a participant admin.
  const token = await mintDevToken({
    userId: 'participant_admin',
    secret: 'unsafe',
    audience: 'https://canton.network.global',
  });
  const created = await fetch(`${node.url}/v2/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({
      user: { id: sdkUser, primaryParty: '' },
      rights: [{ kind: { ParticipantAdmin: { value: {} } } }],
    }),
  });
  expect(created.status).toBe(200);
}, 60_000);
afterAll(() => node?.close());

const parties: Record<string, Party> = {};
const registryUrl = () => new URL(`${node.url}/api/validator/v0/scan-proxy`);

/** Prepare, check the SDK's own hash of it, sign, execute and wait for the update. */
async function signAndExecute(party: Party, commands: unknown, disclosed: unknown[]) {
  const prepared = sdk.ledger.prepare({
    partyId: party.partyId,
    commands: commands as never,
    disclosedContracts: disclosed as never,
  });
  const { response } = await prepared.toJSON();
  const hash = await sdk.utils.hash.preparedTransaction(response.preparedTransaction);
  expect(hash.toBase64()).toBe(response.preparedTransactionHash);
  const signature = signTransactionHash(response.preparedTransactionHash, party.privateKey);
  return sdk.ledger.execute(sdk.ledger.fromSignature(response, signature), {
    partyId: party.partyId,
  });
}

const holdingsOf = async (party: Party) =>
  (await sdk.token.utxos.list({ partyId: party.partyId })).map((utxo) => ({
    contractId: utxo.contractId,
    amount: utxo.interfaceViewValue.amount,
  }));

describe('the official wallet SDK against pocketnet', () => {
  it('connects with the URLs of a LocalNet pointed at this node', async () => {
    sdk = await connect(node.url);
    // Connecting read the user, the synchronizer and the validator's party; the ledger end is
    // the node's own (the devnet's genesis at least).
    expect(await sdk.ledger.ledgerEnd()).toBe(node.node.engine.ledgerEnd());
    expect(await sdk.ledger.ledgerEnd()).toBeGreaterThan(0);
  });

  it('creates two external parties with fresh Ed25519 keys', async () => {
    for (const hint of ['alice', 'bob']) {
      const keys = sdk.keys.generate();
      const creation = sdk.party.external.create(keys.publicKey, { partyHint: hint });
      const generated = await creation.topology();
      expect(await sdk.utils.hash.topologyTransaction(generated.topologyTransactions)).toBe(
        generated.multiHash,
      );
      const created = await creation.execute(
        signTransactionHash(generated.multiHash, keys.privateKey),
      );
      parties[hint] = { partyId: created.partyId, ...keys };
      expect(created.partyId).toBe(`${hint}::${await sdk.keys.fingerprint(keys.publicKey)}`);
    }
  }, 60_000);

  it('taps coin for the sender and lists it by the Holding interface', async () => {
    const alice = parties.alice as Party;
    const [tap, disclosed] = await sdk.amulet.tap(alice.partyId, '2000');
    const tapArgument = (tap as unknown as { ExerciseCommand: { choiceArgument: unknown } })
      .ExerciseCommand.choiceArgument;
    expect(tapArgument).toMatchObject({ receiver: alice.partyId, amount: '2000.0000000000' });
    await signAndExecute(alice, tap, disclosed);
    expect((await holdingsOf(alice)).map((holding) => holding.amount)).toEqual(['2000.0000000000']);
  }, 60_000);

  it('transfers as a token-standard transfer that the receiver accepts', async () => {
    const alice = parties.alice as Party;
    const bob = parties.bob as Party;
    const inputUtxos = (await holdingsOf(alice)).map((holding) => holding.contractId);
    const [transfer, disclosed] = await sdk.token.transfer.create({
      sender: alice.partyId,
      recipient: bob.partyId,
      amount: '100',
      instrumentId: 'Amulet',
      registryUrl: registryUrl(),
      inputUtxos,
      memo: 'memo-ref',
    });
    await signAndExecute(alice, transfer, disclosed);
    const [pending] = await sdk.token.transfer.pending(bob.partyId);
    expect(pending?.interfaceViewValue.transfer.amount).toBe('100.0000000000');
    expect(pending?.interfaceViewValue.transfer.meta.values).toMatchObject({
      'splice.lfdecentralizedtrust.org/reason': 'memo-ref',
    });
    const [accept, acceptDisclosed] = await sdk.token.transfer.accept({
      transferInstructionCid: pending?.contractId ?? '',
      registryUrl: registryUrl(),
    });
    await signAndExecute(bob, accept, acceptDisclosed);
    expect((await holdingsOf(bob)).map((holding) => holding.amount)).toEqual(['100.0000000000']);
    expect((await holdingsOf(alice)).map((holding) => holding.amount)).toEqual(['1900.0000000000']);
  }, 60_000);

  it('reads both balances and both histories', async () => {
    const alice = parties.alice as Party;
    const bob = parties.bob as Party;
    const token = await mintDevToken({
      userId: sdkUser,
      secret: 'unsafe',
      audience: 'https://canton.network.global',
    });
    const balanceOf = async (party: Party) => {
      const path = `/api/validator/v0/admin/external-party/balance?party_id=${encodeURIComponent(party.partyId)}`;
      const response = await fetch(`${node.url}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await response.json()) as { total_coin_holdings: string };
    };
    expect(Number((await balanceOf(alice)).total_coin_holdings)).toBeCloseTo(1900, 0);
    expect((await balanceOf(bob)).total_coin_holdings).toBe('100.0000000000');
    const labelsOf = async (party: Party) => {
      const history = await sdk.token.holdings({ partyId: party.partyId });
      return history.transactions.flatMap((transaction) =>
        transaction.events.map((event) => event.label),
      );
    };
    const aliceLabels = await labelsOf(alice);
    expect(aliceLabels.map((label) => label.type)).toEqual(
      expect.arrayContaining(['Mint', 'TransferOut']),
    );
    expect(aliceLabels.find((label) => label.type === 'TransferOut')).toMatchObject({
      receiverAmounts: [{ receiver: bob.partyId, amount: '100' }],
    });
    const bobLabels = await labelsOf(bob);
    expect(bobLabels.find((label) => label.type === 'TransferIn')).toMatchObject({
      sender: alice.partyId,
    });
  }, 60_000);

  it('has the receiver sign a preapproval proposal to the validator operator', async () => {
    const bob = parties.bob as Party;
    const devnet = node.node.devnet?.parties;
    const command = await sdk.amulet.preapproval.command.create({
      parties: { receiver: bob.partyId },
    });
    expect(command.CreateCommand.createArguments).toEqual({
      provider: devnet?.validatorOperator,
      receiver: bob.partyId,
      expectedDso: devnet?.dso,
    });
    const executed = await signAndExecute(bob, command, []);
    expect(executed.updateId).toEqual(expect.any(String));
  }, 60_000);
});
