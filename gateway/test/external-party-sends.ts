import { createPrivateKey, createPublicKey } from 'node:crypto';
import { createExternalKey, type ExternalKey } from './external-fixtures.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import { ok, type ValidatorNode } from './validator-fixtures.ts';
import { signTransactionHash } from './wallet-sdk-offline.ts';

// External parties through the validator's admin API (/v0/admin/external-party): onboarded by
// signing their topology, a TransferPreapproval accepted by signing, and the deprecated
// prepare-send / submit-send of a TransferCommand the DSO's automation sends.

export type External = { key: ExternalKey; publicKey: string; party: string };

export const externalPartyPath = '/v0/admin/external-party';
const hex = (base64: string) => Buffer.from(base64, 'base64').toString('hex');
const base64 = (hexText: string) => Buffer.from(hexText, 'hex').toString('base64');

/** A call of the admin API as the validator operator. */
export const asOperator = (net: ValidatorNode, body?: unknown) => ({
  user: net.operatorUser,
  ...(body === undefined ? {} : { body }),
});

/** The signed submission of a prepared transaction, as the external party's wallet sends it. */
export const signedSubmission = (
  who: External,
  prepared: { transaction: string; tx_hash: string },
) => ({
  submission: {
    party_id: who.party,
    transaction: prepared.transaction,
    signed_tx_hash: hex(signTransactionHash(base64(prepared.tx_hash), who.key.privateKey)),
    public_key: who.publicKey,
  },
});

// PKCS#8 of an Ed25519 private key is this prefix and the 32-byte seed (RFC 8410).
const ed25519Pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * An Ed25519 key pair in the SDK's encoding (base64 public key; base64 seed and public key as
 * the secret key) derived from `seed`: the same party id on every node, as a scenario compared
 * across two nodes needs.
 */
export function externalKeyFromSeed(seed: string): ExternalKey {
  const seedBytes = Buffer.alloc(32);
  Buffer.from(seed, 'utf8').copy(seedBytes);
  const privateKey = createPrivateKey({
    key: Buffer.concat([ed25519Pkcs8Prefix, seedBytes]),
    format: 'der',
    type: 'pkcs8',
  });
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const publicKey = Buffer.from(String(jwk.x), 'base64url');
  return {
    publicKey: publicKey.toString('base64'),
    privateKey: Buffer.concat([seedBytes, publicKey]).toString('base64'),
  };
}

/** Onboarded through the validator API, with a TransferPreapproval accepted by signing. */
export async function externalWithPreapproval(
  net: ValidatorNode,
  hint: string,
  key: ExternalKey = createExternalKey(),
): Promise<External> {
  const publicKey = hex(key.publicKey);
  const base = externalPartyPath;
  const generated = await ok<{ topology_txs: Array<{ topology_tx: string; hash: string }> }>(
    net,
    `${base}/topology/generate`,
    asOperator(net, { party_hint: hint, public_key: publicKey }),
  );
  const signed = generated.topology_txs.map((tx) => ({
    topology_tx: tx.topology_tx,
    signed_hash: hex(signTransactionHash(base64(tx.hash), key.privateKey)),
  }));
  const { party_id: party } = await ok<{ party_id: string }>(
    net,
    `${base}/topology/submit`,
    asOperator(net, { public_key: publicKey, signed_topology_txs: signed }),
  );
  const who = { key, publicKey, party };
  const { contract_id } = await ok<{ contract_id: string }>(
    net,
    `${base}/setup-proposal`,
    asOperator(net, { user_party_id: party }),
  );
  const prepared = await ok<{ transaction: string; tx_hash: string }>(
    net,
    `${base}/setup-proposal/prepare-accept`,
    asOperator(net, { contract_id, user_party_id: party }),
  );
  await ok(
    net,
    `${base}/setup-proposal/submit-accept`,
    asOperator(net, signedSubmission(who, prepared)),
  );
  return who;
}

/** A TransferCommand from `sender` to `receiver`, prepared for the sender to sign. */
export async function prepareSend(
  net: ValidatorNode,
  request: { sender: External; receiver: External; amount: number; nonce: number },
  expiresAtMicros: number,
) {
  return ok<{ transaction: string; tx_hash: string; transfer_command_contract_id_prefix: string }>(
    net,
    `${externalPartyPath}/transfer-preapproval/prepare-send`,
    asOperator(net, {
      sender_party_id: request.sender.party,
      receiver_party_id: request.receiver.party,
      amount: request.amount,
      expires_at: new Date(expiresAtMicros / 1000).toISOString(),
      nonce: request.nonce,
    }),
  );
}

export type CommandStatus = {
  contract: { payload: Record<string, unknown> };
  status: Record<string, string>;
};

/**
 * The sender's TransferCommands with this nonce as Scan reports them, once none of them is still
 * waiting for the DSO's automation (which sends them in the background).
 */
export async function settledCommands(
  net: ValidatorNode,
  sender: External,
  nonce: number,
): Promise<CommandStatus[]> {
  const path = `/v0/transfer-command/status?sender=${encodeURIComponent(sender.party)}&nonce=${nonce}`;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await net.node.call(`/api/scan${path}`);
    const body = (await response.json()) as Record<string, unknown>;
    if (response.status === 200) {
      expectMatchesSpec({ spec: 'scan', method: 'get', path, status: 200, body });
      const commands = Object.values(
        body.transfer_commands_by_contract_id as Record<string, CommandStatus>,
      );
      if (commands.length > 0 && commands.every((command) => command.status.status !== 'created')) {
        return commands;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the transfer command ${nonce} of ${sender.party} was never sent`);
}
