import type { UserRight } from '@pocketnet/ledger';
import { Router } from 'express';
import { decodeLedgerRequest as decode } from '../http/decode-body.ts';
import type { RouteDeclarations } from '../http/route-writes.ts';
import { integerQuery } from './list-stream.ts';
import { parseRight, renderRight, renderUser } from './render/admin.render.ts';
import { callerOf, type LedgerApiDeps, pathId } from './route-deps.ts';

const rightsOf = (rights: readonly Parameters<typeof parseRight>[0][] | undefined): UserRight[] =>
  (rights ?? []).map(parseRight).filter((right): right is UserRight => right !== null);

const idpOf = (value: unknown) =>
  typeof value === 'string' && value ? { identityProviderId: value } : {};

export const usersRouteWrites: RouteDeclarations = [
  { path: '/v2/users{/*user}', writes: 'participant-plans' },
];

export function usersRoutes({ node }: LedgerApiDeps): Router {
  const router = Router();
  const { admin } = node;

  router.post('/v2/users', async (req, res) => {
    const request = decode('CreateUserRequest', req.body);
    const user = await admin.createUser(callerOf(res), {
      ...request,
      rights: rightsOf(request.rights),
    });
    res.json({ user: renderUser(user) });
  });
  router.get('/v2/users', (req, res) => {
    const page = admin.listUsers(callerOf(res), {
      pageSize: integerQuery(req, 'pageSize') ?? 0,
      ...(typeof req.query.pageToken === 'string' ? { pageToken: req.query.pageToken } : {}),
    });
    res.json({ users: page.users.map(renderUser), nextPageToken: page.nextPageToken });
  });
  router.get('/v2/authenticated-user', (_req, res) => {
    res.json({ user: renderUser(admin.authenticatedUser(callerOf(res))) });
  });
  router.get('/v2/users/:userId', (req, res) => {
    const lookup = { userId: req.params.userId, ...idpOf(req.query['identity-provider-id']) };
    res.json({ user: renderUser(admin.getUser(callerOf(res), lookup)) });
  });
  router.patch('/v2/users/:userId', async (req, res) => {
    const request = decode('UpdateUserRequest', req.body);
    const id = pathId('user', req.params.userId, request.user.id);
    const user = await admin.updateUser(callerOf(res), {
      ...request,
      user: { ...request.user, id },
    });
    res.json({ user: renderUser(user) });
  });
  router.delete('/v2/users/:userId', async (req, res) => {
    await admin.deleteUser(callerOf(res), {
      userId: req.params.userId,
      ...idpOf(req.query['identity-provider-id']),
    });
    res.json({});
  });
  router.get('/v2/users/:userId/rights', (req, res) => {
    const rights = admin.listUserRights(callerOf(res), { userId: req.params.userId });
    res.json({ rights: rights.map(renderRight) });
  });
  router.post('/v2/users/:userId/rights', async (req, res) => {
    const request = decode('GrantUserRightsRequest', req.body);
    const rights = await admin.grantUserRights(callerOf(res), {
      ...request,
      userId: pathId('user', req.params.userId, request.userId),
      rights: rightsOf(request.rights),
    });
    res.json({ newlyGrantedRights: rights.map(renderRight) });
  });
  router.patch('/v2/users/:userId/rights', async (req, res) => {
    const request = decode('RevokeUserRightsRequest', req.body);
    const rights = await admin.revokeUserRights(callerOf(res), {
      ...request,
      userId: pathId('user', req.params.userId, request.userId),
      rights: rightsOf(request.rights),
    });
    res.json({ newlyRevokedRights: rights.map(renderRight) });
  });
  router.patch('/v2/users/:userId/identity-provider-id', async (req, res) => {
    const request = decode('UpdateUserIdentityProviderIdRequest', req.body);
    const userId = pathId('user', req.params.userId, request.userId);
    await admin.updateUserIdentityProvider(callerOf(res), { ...request, userId });
    res.json({});
  });
  return router;
}
