import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AuthTokenProvider,
  createKeyPair,
  LedgerController,
  signTransactionHash,
  TokenStandardController,
  TopologyController,
  UnsafeAuthController,
  ValidatorController,
  type WalletSDK,
  WalletSDKImpl,
} from '@canton-network/wallet-sdk';
import {
  createNode,
  createWallClock,
  defaultDevnetConfig,
  type PocketnetNode,
} from '@pocketnet/runtime';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, mintDevToken } from '../src/index.ts';

// The official wallet SDK (0.20.0), unchanged, against a devnet node on a free port: the URLs
// are the only configuration, as for a LocalNet. The node runs on the wall clock, because the
// SDK picks the open round and stamps transfers with its own clock.

let node: { node: PocketnetNode; url: string; close(): Promise<void> };
let sdk: WalletSDK;
const logger = pino({ level: 'silent' });
const sdkUser = 'ledger-api-user';

type Party = { partyId: string; publicKey: string; privateKey: string };

function configure(url: string): WalletSDK {
  const validatorUrl = new URL(`${url}/api/validator`);
  const scanUrl = new URL(`${url}/api/scan`);
  return new WalletSDKImpl().configure({
    logger,
    authFactory: () => {
      const auth = new UnsafeAuthController(logger);
      auth.userId = sdkUser;
      auth.adminId = sdkUser;
      auth.audience = 'https://canton.network.global';
      auth.unsafeSecret = 'unsafe';
      return auth;
    },
    ledgerFactory: (userId: string, provider: AuthTokenProvider, isAdmin: boolean) =>
      new LedgerController(userId, new URL(url), undefined, isAdmin, provider as never),
    tokenStandardFactory: (userId: string, provider: AuthTokenProvider, isAdmin: boolean) =>
      new TokenStandardController(
        userId,
        new URL(url),
        validatorUrl,
        undefined,
        provider as never,
        isAdmin,
        undefined,
        scanUrl,
      ),
    validatorFactory: (userId: string, provider: AuthTokenProvider) =>
      new ValidatorController(userId, validatorUrl, provider as never),
  });
}

async function startWallClockNode() {
  const pocketnet = await createNode({
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
  sdk = configure(node.url);
}, 60_000);
afterAll(() => node?.close());

const parties: Record<string, Party> = {};
let instrumentAdmin = '';

/** Prepare, check the SDK's own hash of it, sign, execute and wait for the completion. */
async function signAndExecute(party: Party, command: unknown, disclosed: unknown[]) {
  const ledger = sdk.userLedger as LedgerController;
  ledger.setPartyId(party.partyId);
  const commandId = `sdk-${Math.random().toString(36).slice(2)}`;
  const prepared = await ledger.prepareSubmission([command], commandId, disclosed as never);
  expect(await TopologyController.createTransactionHash(prepared.preparedTransaction ?? '')).toBe(
    prepared.preparedTransactionHash,
  );
  const signature = signTransactionHash(prepared.preparedTransactionHash, party.privateKey);
  return ledger.executeSubmissionAndWaitFor(
    prepared,
    signature,
    party.publicKey,
    commandId,
    15_000,
  );
}

const holdingsOf = async (party: Party) => {
  await sdk.setPartyId(party.partyId);
  const utxos = await (sdk.tokenStandard as TokenStandardController).listHoldingUtxos(false);
  return utxos.map((utxo) => ({
    contractId: utxo.contractId,
    amount: utxo.interfaceViewValue.amount,
  }));
};

describe('the official wallet SDK against pocketnet', () => {
  it('connects with the URLs of a LocalNet pointed at this node', async () => {
    await sdk.connect();
    await sdk.connectAdmin();
    await sdk.connectTopology(new URL(`${node.url}/api/validator`));
    expect(sdk.userLedger?.getSynchronizerId()).toBe(node.node.identity.synchronizerId);
  });

  it('creates two external parties with fresh Ed25519 keys', async () => {
    for (const hint of ['alice', 'bob']) {
      const keys = createKeyPair();
      const ledger = sdk.userLedger as LedgerController;
      const generated = await ledger.generateExternalParty(keys.publicKey, hint);
      expect(
        await TopologyController.computeTopologyTxHash(generated.topologyTransactions ?? []),
      ).toBe(generated.multiHash);
      const signed = signTransactionHash(generated.multiHash, keys.privateKey);
      await ledger.allocateExternalParty(signed, generated, true, [], [], false);
      parties[hint] = { partyId: generated.partyId, ...keys };
      expect(generated.partyId).toBe(
        `${hint}::${TopologyController.createFingerprintFromPublicKey(keys.publicKey)}`,
      );
    }
  }, 60_000);

  it('taps coin for the sender and lists it by the Holding interface', async () => {
    const alice = parties.alice as Party;
    await sdk.setPartyId(alice.partyId);
    const tokens = sdk.tokenStandard as TokenStandardController;
    tokens.setTransferFactoryRegistryUrl(new URL(`${node.url}/api/validator/v0/scan-proxy`));
    instrumentAdmin = (await tokens.getInstrumentAdmin()) ?? '';
    expect(instrumentAdmin).toBe(node.node.devnet?.parties.dso);
    const [tap, disclosed] = await tokens.createTap(alice.partyId, '2000', {
      instrumentId: 'Amulet',
      instrumentAdmin,
    });
    await signAndExecute(alice, tap, disclosed);
    expect((await holdingsOf(alice)).map((holding) => holding.amount)).toEqual(['2000.0000000000']);
  }, 60_000);

  it('transfers as a token-standard transfer that the receiver accepts', async () => {
    const alice = parties.alice as Party;
    const bob = parties.bob as Party;
    const inputs = (await holdingsOf(alice)).map((holding) => holding.contractId);
    const tokens = sdk.tokenStandard as TokenStandardController;
    const instrument = { instrumentId: 'Amulet', instrumentAdmin };
    const [transfer, disclosed] = await tokens.createTransfer(
      alice.partyId,
      bob.partyId,
      '100',
      instrument,
      inputs,
      'memo-ref',
    );
    await signAndExecute(alice, transfer, disclosed);
    await sdk.setPartyId(bob.partyId);
    const [pending] = await tokens.fetchPendingTransferInstructionView();
    expect(pending?.interfaceViewValue.transfer.amount).toBe('100.0000000000');
    const [accept, acceptDisclosed] = await tokens.exerciseTransferInstructionChoice(
      pending?.contractId ?? '',
      'Accept',
    );
    await signAndExecute(bob, accept, acceptDisclosed);
    expect((await holdingsOf(bob)).map((holding) => holding.amount)).toEqual(['100.0000000000']);
    const aliceTotal = (await holdingsOf(alice)).reduce(
      (sum, holding) => sum + Number(holding.amount),
      0,
    );
    expect(aliceTotal).toBeCloseTo(1900, 0);
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
    const tokens = sdk.tokenStandard as TokenStandardController;
    const labelsOf = async (party: Party) => {
      await sdk.setPartyId(party.partyId);
      const history = await tokens.listHoldingTransactions();
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

  it('reads the preferred splice-wallet version and has the receiver sign a preapproval proposal', async () => {
    const bob = parties.bob as Party;
    const devnet = node.node.devnet?.parties;
    await sdk.setPartyId(bob.partyId);
    const ledger = sdk.userLedger as LedgerController;
    const command = await ledger.createTransferPreapprovalCommand(
      devnet?.validatorOperator ?? '',
      bob.partyId,
      devnet?.dso,
    );
    expect(command?.CreateCommand.createArguments).toMatchObject({ expectedDso: devnet?.dso });
    const completion = await signAndExecute(bob, command, []);
    expect(completion).toMatchObject({ status: { code: 0 } });
  }, 60_000);
});
