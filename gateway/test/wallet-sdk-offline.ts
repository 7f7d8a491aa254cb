import { decodePreparedTransaction } from '@canton-network/core-tx-visualizer';
import { SDK, signTransactionHash } from '@canton-network/wallet-sdk';

// The official wallet SDK's offline part: keys, signatures, fingerprints and hashes computed on
// the client's side, never by the node under test. (decodePreparedTransaction is the SDK's own
// decoder, the one its PreparedTransaction.decode() calls.)

const offline = SDK.createOffline({ logAdapter: 'console' });

export const createKeyPair = () => offline.keys.generate();

/** The party-id fingerprint (hex, `1220…`) of a base64 Ed25519 public key. */
export const sdkFingerprint = (publicKey: string): Promise<string> =>
  offline.keys.fingerprint(publicKey);

/** The multi-hash (base64) over topology transactions (base64) the SDK signs. */
export const sdkTopologyHash = (transactions: string[]): Promise<string> =>
  offline.utils.hash.topologyTransaction(transactions);

/** The hash (base64) of a prepared transaction (base64), as the SDK recomputes it. */
export const sdkPreparedTransactionHash = async (preparedTransaction: string): Promise<string> =>
  (await offline.utils.hash.preparedTransaction(preparedTransaction)).toBase64();

export { decodePreparedTransaction, signTransactionHash };
