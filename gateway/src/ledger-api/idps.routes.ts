import { Router } from 'express';
import { decodeLedgerRequest as decode } from '../http/decode-body.ts';
import type { RouteDeclarations } from '../http/route-writes.ts';
import { renderIdentityProvider } from './render/admin.render.ts';
import { callerOf, type LedgerApiDeps } from './route-deps.ts';

export const identityProvidersRouteWrites: RouteDeclarations = [
  { path: '/v2/idps{/*idp}', writes: 'participant-plans' },
];

export function identityProvidersRoutes({ node }: LedgerApiDeps): Router {
  const router = Router();
  const { admin } = node;

  router.post('/v2/idps', async (req, res) => {
    const request = decode('CreateIdentityProviderConfigRequest', req.body);
    const config = await admin.createIdentityProvider(callerOf(res), request);
    res.json({ identityProviderConfig: renderIdentityProvider(config) });
  });
  router.get('/v2/idps', (_req, res) => {
    const configs = admin.listIdentityProviders(callerOf(res));
    res.json({ identityProviderConfigs: configs.map(renderIdentityProvider) });
  });
  router.get('/v2/idps/:idpId', (req, res) => {
    const config = admin.getIdentityProvider(callerOf(res), req.params.idpId);
    res.json({ identityProviderConfig: renderIdentityProvider(config) });
  });
  router.patch('/v2/idps/:idpId', async (req, res) => {
    const request = decode('UpdateIdentityProviderConfigRequest', req.body);
    const config = await admin.updateIdentityProvider(callerOf(res), request);
    res.json({ identityProviderConfig: renderIdentityProvider(config) });
  });
  router.delete('/v2/idps/:idpId', async (req, res) => {
    await admin.deleteIdentityProvider(callerOf(res), req.params.idpId);
    res.json({});
  });
  return router;
}
