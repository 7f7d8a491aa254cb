import type { WalletAppsService } from '@pocketnet/runtime';
import { Router } from 'express';
import { callerOf } from '../../ledger-api/route-deps.ts';

/** What the validator operator may ask for support (validator-internal.yaml, admin only). */
export function validatorSupportRoutes({
  walletApps,
}: {
  readonly walletApps: WalletAppsService;
}): Router {
  const router = Router();
  const { identity } = walletApps;
  router.get('/v0/admin/participant/identities', (_req, res) => {
    const dump = identity.identities(callerOf(res));
    res.json({
      id: dump.id,
      keys: dump.keys.map((key) => ({ type: key.type, keyId: key.keyId, name: key.name })),
      authorizedStoreSnapshot: dump.authorizedStoreSnapshot,
      version: dump.version,
    });
  });
  router.get('/v0/admin/participant/global-domain-connection-config', (_req, res) => {
    const config = identity.connectionConfig(callerOf(res));
    res.json({
      sequencer_connections: {
        connections: config.connections.map((connection) => ({
          sequencer_alias: connection.sequencerAlias,
          endpoints: connection.endpoints,
          transport_security: connection.transportSecurity,
        })),
        sequencer_trust_threshold: config.sequencerTrustThreshold,
        sequencer_liveness_margin: config.sequencerLivenessMargin,
        submission_request_amplification: {
          factor: config.submissionRequestAmplification.factor,
          patience_seconds: config.submissionRequestAmplification.patienceSeconds,
        },
      },
    });
  });
  return router;
}
