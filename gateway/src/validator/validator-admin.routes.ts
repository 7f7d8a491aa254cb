import type { WalletService } from '@pocketnet/runtime';
import { Router } from 'express';
import type { RouteDeclarations } from '../http/route-writes.ts';
import { callerOf } from '../ledger-api/route-deps.ts';
import { partyPathOf } from '../scan/network/scan-params.ts';
import { offboardUserQuerySchema, onboardUserRequestSchema } from './validator-requests.schema.ts';
import { renderContractWithState } from './wallet-render.ts';

/** Onboarding and offboarding users: participant changes the replica plans. */
export const validatorAdminRouteWrites: RouteDeclarations = [
  { path: '/v0/register', writes: 'participant-plans' },
  { path: '/v0/admin/users', writes: 'participant-plans' },
  { path: '/v0/admin/users/offboard', writes: 'participant-plans' },
];

/**
 * The validator app's user management and preapproval administration (validator-internal.yaml):
 * the public operator info, self-registration, and what only the validator operator may do.
 */
export function validatorAdminRoutes({ wallet }: { readonly wallet: WalletService }): Router {
  const router = Router();
  const { onboarding, preapprovals } = wallet;

  router.get('/v0/validator-user', (_req, res) => {
    const user = wallet.validatorUser();
    res.json({ party_id: user.partyId, user_name: user.userName, featured: user.featured });
  });
  router.post('/v0/register', async (_req, res) => {
    res.json({ party_id: await onboarding.register(callerOf(res)) });
  });
  router.post('/v0/admin/users', async (req, res) => {
    const body = onboardUserRequestSchema.parse(req.body);
    const request = {
      name: body.name,
      partyId: body.party_id,
      createPartyIfMissing: body.createPartyIfMissing,
    };
    res.json({ party_id: await onboarding.onboardUser(callerOf(res), request) });
  });
  router.get('/v0/admin/users', (_req, res) => {
    res.json({ usernames: onboarding.listUsers(callerOf(res)) });
  });
  router.post('/v0/admin/users/offboard', async (req, res) => {
    const { username } = offboardUserQuerySchema.parse(req.query);
    await onboarding.offboardUser(callerOf(res), username);
    res.status(200).end();
  });
  router.get('/v0/admin/transfer-preapprovals', (_req, res) => {
    const contracts = preapprovals.listProvided(callerOf(res));
    res.json({ contracts: contracts.map(renderContractWithState) });
  });
  router.get('/v0/admin/transfer-preapprovals/by-party/:party', (req, res) => {
    const found = preapprovals.lookupByParty(callerOf(res), partyPathOf(req, 'party'));
    res.json({ transfer_preapproval: renderContractWithState(found) });
  });
  router.delete('/v0/admin/transfer-preapprovals/by-party/:party', async (req, res) => {
    await preapprovals.cancelByParty(callerOf(res), partyPathOf(req, 'party'));
    res.status(200).end();
  });
  return router;
}
