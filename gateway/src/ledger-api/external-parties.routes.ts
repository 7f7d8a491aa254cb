import { Router } from 'express';
import { decodeLedgerRequest as decode } from '../http/decode-body.ts';
import { callerOf, type LedgerApiDeps } from './route-deps.ts';

const base64Url = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');

/**
 * `/v2/parties/external/{generate-topology, allocate}` (3.5) and the party's signing keys as a
 * JWKS (`/v2/jose/jwks/...`, 3.6), keys rotated by allocating a PartyToParticipant of the
 * next serial.
 */
export function externalPartiesRoutes({ node }: LedgerApiDeps): Router {
  const router = Router();
  const { externalParties } = node;

  router.post('/v2/parties/external/generate-topology', (req, res) => {
    const request = decode('GenerateExternalPartyTopologyRequest', req.body);
    res.json(externalParties.generateTopology(callerOf(res), request));
  });
  router.post('/v2/parties/external/allocate', async (req, res) => {
    const request = decode('AllocateExternalPartyRequest', req.body);
    res.json(await externalParties.allocate(callerOf(res), request));
  });
  router.get('/v2/jose/jwks/synchronizer/:synchronizer/party/:party', (req, res) => {
    const party = externalParties.signingKeys(callerOf(res), req.params.party);
    res.json({
      keys: party.signingKeys.map((key) => ({
        kty: 'OKP',
        crv: 'Ed25519',
        x: base64Url(key.publicKey),
        kid: key.fingerprint,
        use: 'sig',
        alg: 'EdDSA',
      })),
    });
  });
  return router;
}
