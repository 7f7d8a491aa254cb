import type { VettingUpdate } from '@pocketnet/runtime';
import type { UpdateVettedPackagesRequest } from '@pocketnet/schema';
import { type ErrorRequestHandler, type RequestHandler, Router } from 'express';
import { decodeLedgerRequest as decode } from '../http/decode-body.ts';
import { createBinaryBodyParser } from '../http/json-body.middleware.ts';
import { invalidBody, invalidParameter } from '../http/request-body-error.ts';
import type { RouteDeclarations } from '../http/route-writes.ts';
import { callerOf, type LedgerApiDeps } from './route-deps.ts';

/**
 * Canton's default max inbound message size (10 MiB), which bounds a DAR uploaded through its
 * Ledger API unless the operator raises it; `--max-upload-size` raises ours.
 */
export const defaultMaxUploadBytes = 10 * 1024 * 1024;

/** The caller and its right, asked before a byte of the body is read. */
const requireUploadRight =
  (node: LedgerApiDeps['node']): RequestHandler =>
  (_req, res, next) => {
    node.packageAdmin.requireUploadRight(callerOf(res));
    next();
  };

/**
 * A refusal sent before the body was read closes the connection: else Node reads the rest of
 * the upload (up to whatever the client declared) only to drop it.
 */
const closeUnreadUpload: ErrorRequestHandler = (error, req, res, next) => {
  if (!req.complete) res.set('Connection', 'close');
  next(error);
};

function vetAllPackages(query: unknown): boolean {
  if (query === undefined || query === 'true') return true;
  if (query === 'false') return false;
  throw invalidParameter('query parameter vetAllPackages', `${String(query)} is not a boolean`);
}

const uploadArchive =
  (node: LedgerApiDeps['node'], validateOnly: boolean): RequestHandler =>
  async (req, res) => {
    const body: unknown = req.body;
    if (!Buffer.isBuffer(body)) throw invalidBody('missing DAR or DALF bytes');
    const bytes = new Uint8Array(body.buffer, body.byteOffset, body.length);
    const vetAll = vetAllPackages(req.query.vetAllPackages);
    await node.packageAdmin.upload(callerOf(res), bytes, { validateOnly, vetAllPackages: vetAll });
    // The spec documents an UploadDarFileResponse (`{}`) for uploads and no body for validation.
    if (validateOnly) res.status(200).end();
    else res.json({});
  };

/**
 * Binary uploads: mounted before the JSON body parser, which would misread their bytes. Who
 * asks is checked first; a body over `maxUploadBytes` is refused with 413 from its declared
 * length, or as soon as that many bytes have arrived.
 */
export function packageUploadRoutes({
  node,
  maxUploadBytes = defaultMaxUploadBytes,
}: LedgerApiDeps & { readonly maxUploadBytes?: number }): Router {
  const router = Router();
  const darBody = createBinaryBodyParser({ limitBytes: maxUploadBytes });
  router.post('/v2/packages', requireUploadRight(node), darBody, uploadArchive(node, false));
  router.post('/v2/dars', requireUploadRight(node), darBody, uploadArchive(node, false));
  router.post('/v2/dars/validate', requireUploadRight(node), darBody, uploadArchive(node, true));
  router.use(closeUnreadUpload);
  return router;
}

function toVettingUpdate(request: UpdateVettedPackagesRequest): VettingUpdate {
  const changes = request.changes.flatMap(({ operation }): VettingUpdate['changes'][number][] => {
    if (operation && 'Vet' in operation) {
      return [{ operation: 'vet', packages: operation.Vet.value.packages }];
    }
    if (operation && 'Unvet' in operation) {
      return [{ operation: 'unvet', packages: operation.Unvet.value.packages }];
    }
    return [];
  });
  const serial = request.expectedTopologySerial?.serial;
  const expectedSerial = serial && 'Prior' in serial ? serial.Prior.value : null;
  return { changes, dryRun: request.dryRun ?? false, expectedSerial };
}

/** Listing what is vetted, and which packages to prefer, are reads; uploads and vetting are not. */
export const packagesRouteWrites: RouteDeclarations = [
  { path: '/v2/package-vetting/list', writes: 'nothing' },
  { path: '/v2/interactive-submission/preferred-packages', writes: 'nothing' },
];

export function packagesRoutes({ node }: LedgerApiDeps): Router {
  const router = Router();

  router.get('/v2/packages', (_req, res) => {
    res.json({ packageIds: node.packageAdmin.list(callerOf(res)).map((p) => p.packageId) });
  });
  router.get('/v2/packages/:packageId', (req, res) => {
    const bytes = node.packageAdmin.bytes(callerOf(res), req.params.packageId);
    // A package id is the sha256 of exactly these bytes, so it is also their hash.
    res.set('Canton-Package-Hash', req.params.packageId);
    res.type('application/octet-stream').send(Buffer.from(bytes));
  });
  router.get('/v2/packages/:packageId/status', (req, res) => {
    const known = node.packageAdmin.status(callerOf(res), req.params.packageId);
    res.json({ packageStatus: known ? 'PACKAGE_STATUS_REGISTERED' : 'PACKAGE_STATUS_UNSPECIFIED' });
  });

  const listVetted: RequestHandler = (req, res) => {
    const request = decode('ListVettedPackagesRequest', req.body ?? {});
    res.json({
      vettedPackages: node.packageAdmin.vetted(callerOf(res), request),
      nextPageToken: '',
    });
  };
  router.get('/v2/package-vetting', listVetted);
  router.post('/v2/package-vetting/list', listVetted);

  const updateVetting: RequestHandler = async (req, res) => {
    const request = decode('UpdateVettedPackagesRequest', req.body);
    const { past, next } = await node.packageAdmin.updateVetting(
      callerOf(res),
      toVettingUpdate(request),
    );
    res.json({ pastVettedPackages: past, newVettedPackages: next });
  };
  router.post('/v2/package-vetting', updateVetting);
  router.post('/v2/package-vetting/update', updateVetting);

  router.get('/v2/interactive-submission/preferred-package-version', (req, res) => {
    const name = req.query['package-name'];
    if (typeof name !== 'string' || name === '') {
      throw invalidParameter('query parameter package-name', 'missing');
    }
    const reference = node.packageAdmin.preferred(callerOf(res), name);
    const synchronizerId = node.identity.synchronizerId;
    res.json(
      reference ? { packagePreference: { packageReference: reference, synchronizerId } } : {},
    );
  });
  router.post('/v2/interactive-submission/preferred-packages', (req, res) => {
    const request = decode('GetPreferredPackagesRequest', req.body);
    const packageReferences = node.packageAdmin.preferredAll(
      callerOf(res),
      request.packageVettingRequirements.map((requirement) => requirement.packageName),
    );
    res.json({ packageReferences, synchronizerId: node.identity.synchronizerId });
  });
  return router;
}
