import { devTokenRouteWrites } from '../devnet/dev-token.routes.ts';
import { mountedAt, type RouteDeclarations } from '../http/route-writes.ts';
import { commandsRouteWrites } from '../ledger-api/commands.routes.ts';
import { eventsRouteWrites } from '../ledger-api/events.routes.ts';
import { identityProvidersRouteWrites } from '../ledger-api/idps.routes.ts';
import { packagesRouteWrites } from '../ledger-api/packages.routes.ts';
import { partiesRouteWrites } from '../ledger-api/parties.routes.ts';
import { streamsRouteWrites } from '../ledger-api/streams.routes.ts';
import { updatesRouteWrites } from '../ledger-api/updates.routes.ts';
import { usersRouteWrites } from '../ledger-api/users.routes.ts';
import { scanRouteWrites } from '../scan/scan.routes.ts';
import { transferOfferRouteWrites } from '../validator/transfer-offers.routes.ts';
import { validatorAdminRouteWrites } from '../validator/validator-admin.routes.ts';
import { walletTransferRouteWrites } from '../validator/wallet-transfers.routes.ts';

/**
 * What the gateway's routers declare they write, at the paths create-gateway.ts mounts them
 * (the Ledger API at the root, the devnet, scan and the validator app under their prefixes).
 */
export const gatewayRouteWrites: RouteDeclarations = [
  ...commandsRouteWrites,
  ...streamsRouteWrites,
  ...updatesRouteWrites,
  ...eventsRouteWrites,
  ...partiesRouteWrites,
  ...usersRouteWrites,
  ...identityProvidersRouteWrites,
  ...packagesRouteWrites,
  ...mountedAt('/api/devnet/v0', devTokenRouteWrites),
  ...mountedAt('/api/scan', scanRouteWrites),
  ...mountedAt('/api/validator', [
    ...transferOfferRouteWrites,
    ...walletTransferRouteWrites,
    ...validatorAdminRouteWrites,
  ]),
];
