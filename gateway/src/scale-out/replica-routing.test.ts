import { describe, expect, it } from 'vitest';
import { gatewayRouteWrites } from './gateway-route-writes.ts';
import { createReplicaRouting } from './replica-routing.ts';

const routing = createReplicaRouting(gatewayRouteWrites);

describe('where a gateway replica serves a request, by what the routers declare they write', () => {
  it.each([
    ['POST', '/v2/packages', 'writer'],
    ['POST', '/v2/package-vetting/update', 'writer'],
    ['POST', '/api/devnet/v0/time/advance', 'writer'],
    ['POST', '/api/validator/v0/wallet/tap', 'writer'],
    ['POST', '/api/validator/v0/wallet/transfer-offers', 'writer'],
    ['POST', '/v2/interactive-submission/execute', 'writer'],
    ['POST', '/registry/transfer-instruction/v1/transfer-factory', 'writer'],
    ['POST', '/v2/commands/submit-and-wait', 'commands'],
    ['POST', '/v2/commands/async/submit', 'commands'],
    ['POST', '/v2/state/active-contracts', 'here'],
    ['POST', '/v2/updates', 'here'],
    ['POST', '/v2/updates/update-by-id', 'here'],
    ['POST', '/v2/events/events-by-contract-id', 'here'],
    ['POST', '/v2/package-vetting/list', 'here'],
    ['POST', '/api/scan/v0/updates', 'here'],
    ['POST', '/api/devnet/v0/dev-token', 'here'],
    ['POST', '/api/validator/v0/wallet/transfer-offers/t1/status', 'here'],
    ['POST', '/api/validator/v0/wallet/buy-traffic-requests/t1/status', 'here'],
    ['GET', '/v2/parties', 'here'],
    ['GET', '/api/validator/v0/wallet/balance', 'here'],
    ['POST', '/v2/parties', 'planned'],
    ['PATCH', '/v2/parties/alice::1220ab', 'planned'],
    ['POST', '/v2/parties/external/allocate', 'planned'],
    ['POST', '/v2/users', 'planned'],
    ['PATCH', '/v2/users/alice', 'planned'],
    ['POST', '/v2/users/alice/rights', 'planned'],
    ['DELETE', '/v2/idps/idp1', 'planned'],
    ['POST', '/api/validator/v0/register', 'planned'],
    ['POST', '/api/validator/v0/admin/users', 'planned'],
    ['POST', '/api/validator/v0/admin/users/offboard', 'planned'],
  ])('%s %s → %s', (method, path, serving) => {
    expect(routing(method, path)).toBe(serving);
  });

  it('sends a write no router declares to the writer', () => {
    expect(createReplicaRouting([])('POST', '/v2/state/active-contracts')).toBe('writer');
    expect(createReplicaRouting([])('GET', '/v2/state/ledger-end')).toBe('here');
  });
});
