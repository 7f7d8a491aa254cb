import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExternalKey } from './external-fixtures.ts';
import { ok, refused, startValidatorNode, type ValidatorNode } from './validator-fixtures.ts';
import {
  sdkFingerprint,
  sdkPreparedTransactionHash,
  signTransactionHash,
} from './wallet-sdk-offline.ts';

// The validator API's external-party administration, signed with the official SDK's keys.

let net: ValidatorNode;
beforeAll(async () => {
  net = await startValidatorNode();
});
afterAll(() => net.node.close());

const base = '/v0/admin/external-party';
const hex = (base64: string) => Buffer.from(base64, 'base64').toString('hex');
const base64 = (hexText: string) => Buffer.from(hexText, 'hex').toString('base64');
/** Canton's topology transaction hash, from its definition. */
const topologyHash = (transaction: string) =>
  `1220${createHash('sha256')
    .update(Buffer.from([0, 0, 0, 11]))
    .update(Buffer.from(transaction, 'base64'))
    .digest('hex')}`;

type Generated = { party_id: string; topology_txs: Array<{ topology_tx: string; hash: string }> };

async function onboardExternal(hint: string) {
  const key = createExternalKey();
  const publicKey = hex(key.publicKey);
  const generated = await ok<Generated>(net, `${base}/topology/generate`, {
    user: net.operatorUser,
    body: { party_hint: hint, public_key: publicKey },
  });
  const signed = generated.topology_txs.map((tx) => ({
    topology_tx: tx.topology_tx,
    signed_hash: hex(signTransactionHash(base64(tx.hash), key.privateKey)),
  }));
  const submitted = await ok<{ party_id: string }>(net, `${base}/topology/submit`, {
    user: net.operatorUser,
    body: { public_key: publicKey, signed_topology_txs: signed },
  });
  return { key, publicKey, generated, party: submitted.party_id };
}

describe('the validator’s external-party onboarding', () => {
  it('generates three topology transactions whose hashes are Canton’s, and hosts the party once signed', async () => {
    const { key, generated, party } = await onboardExternal('eve');
    expect(generated.party_id).toBe(`eve::${await sdkFingerprint(key.publicKey)}`);
    expect(party).toBe(generated.party_id);
    expect(generated.topology_txs).toHaveLength(3);
    for (const tx of generated.topology_txs) expect(tx.hash).toBe(topologyHash(tx.topology_tx));
    const parties = await net.node.call(`/v2/parties/${encodeURIComponent(party)}`);
    expect(await parties.json()).toMatchObject({ partyDetails: [{ party, isLocal: true }] });
  });

  it('refuses topology signed by another key', async () => {
    const key = createExternalKey();
    const generated = await ok<Generated>(net, `${base}/topology/generate`, {
      user: net.operatorUser,
      body: { party_hint: 'forged', public_key: hex(key.publicKey) },
    });
    const signed = generated.topology_txs.map((tx) => ({
      topology_tx: tx.topology_tx,
      signed_hash: hex(signTransactionHash(base64(tx.hash), createExternalKey().privateKey)),
    }));
    await refused(
      net,
      `${base}/topology/submit`,
      {
        user: net.operatorUser,
        body: { public_key: hex(key.publicKey), signed_topology_txs: signed },
      },
      { status: 400 },
    );
  });

  it('is the validator operator’s alone', async () => {
    await refused(
      net,
      `${base}/topology/generate`,
      { user: 'someone-else', body: { party_hint: 'x', public_key: 'aa' } },
      { status: 403 },
    );
  });
});

describe('the setup proposal', () => {
  it('gives the party a TransferPreapproval from its validator once it signs the acceptance', async () => {
    const { key, publicKey, party } = await onboardExternal('frank');
    const { contract_id } = await ok<{ contract_id: string }>(net, `${base}/setup-proposal`, {
      user: net.operatorUser,
      body: { user_party_id: party },
    });
    await refused(
      net,
      `${base}/setup-proposal`,
      { user: net.operatorUser, body: { user_party_id: party } },
      { status: 409 },
    );
    const listed = await ok<{ contracts: Array<{ contract: { contract_id: string } }> }>(
      net,
      `${base}/setup-proposal`,
      { user: net.operatorUser },
    );
    expect(listed.contracts.map((entry) => entry.contract.contract_id)).toContain(contract_id);
    const prepared = await ok<{ transaction: string; tx_hash: string }>(
      net,
      `${base}/setup-proposal/prepare-accept`,
      {
        user: net.operatorUser,
        body: { contract_id, user_party_id: party },
      },
    );
    expect(prepared.tx_hash).toBe(hex(await sdkPreparedTransactionHash(prepared.transaction)));
    const submission = (signer = key) => ({
      submission: {
        party_id: party,
        transaction: prepared.transaction,
        signed_tx_hash: hex(signTransactionHash(base64(prepared.tx_hash), signer.privateKey)),
        public_key: publicKey,
      },
    });
    await refused(
      net,
      `${base}/setup-proposal/submit-accept`,
      { user: net.operatorUser, body: submission(createExternalKey()) },
      { status: 400 },
    );
    const accepted = await ok<{ transfer_preapproval_contract_id: string; update_id: string }>(
      net,
      `${base}/setup-proposal/submit-accept`,
      { user: net.operatorUser, body: submission() },
    );
    const preapproval = await ok<{
      transfer_preapproval: { contract: { contract_id: string; payload: Record<string, unknown> } };
    }>(net, `/v0/admin/transfer-preapprovals/by-party/${encodeURIComponent(party)}`, {
      user: net.operatorUser,
    });
    expect(preapproval.transfer_preapproval.contract.contract_id).toBe(
      accepted.transfer_preapproval_contract_id,
    );
    expect(preapproval.transfer_preapproval.contract.payload).toMatchObject({
      receiver: party,
      provider: net.operator,
    });
  });

  it('reports the party’s balance', async () => {
    const { party } = await onboardExternal('grace');
    const balance = await ok<Record<string, unknown>>(
      net,
      `${base}/balance?party_id=${encodeURIComponent(party)}`,
      { user: net.operatorUser },
    );
    expect(balance).toMatchObject({
      party_id: party,
      total_coin_holdings: '0.0000000000',
      total_available_coin: '0.0000000000',
    });
    expect(typeof balance.computed_as_of_round).toBe('number');
  });
});
