import { describe, expect, it } from 'vitest';
import { expectMatchesSpec } from './openapi-validator.ts';

describe('the Splice main scan spec, bundled from its files', () => {
  it('follows references into the common documents, for path items and schemas', () => {
    expectMatchesSpec({
      spec: 'scan-main',
      method: 'GET',
      path: '/version',
      status: 200,
      body: { version: '0.6.11', commit_ts: '2026-01-01T00:00:00Z' },
    });
    expect(() =>
      expectMatchesSpec({
        spec: 'scan-main',
        method: 'GET',
        path: '/version',
        status: 200,
        body: { version: '0.6.11' },
      }),
    ).toThrow(/commit_ts/);
  });

  it('follows a common document’s own local references (ContractWithState inside a map)', () => {
    const request = {
      spec: 'scan-main' as const,
      method: 'POST',
      path: '/v0/open-and-issuing-mining-rounds',
      status: 200,
    };
    expectMatchesSpec({
      ...request,
      body: {
        time_to_live_in_microseconds: 1,
        open_mining_rounds: { '00ab': { domain_id: 'global-domain::1220' } },
        issuing_mining_rounds: {},
      },
    });
    expect(() =>
      expectMatchesSpec({
        ...request,
        body: {
          time_to_live_in_microseconds: 1,
          open_mining_rounds: { '00ab': { contract: { contract_id: '00ab' } } },
          issuing_mining_rounds: {},
        },
      }),
    ).toThrow(/template_id/);
  });

  it('knows the operations newer than the 0.6.1 bundle', () => {
    expectMatchesSpec({
      spec: 'scan-main',
      method: 'GET',
      path: '/v0/internal/reward-accounting-process/rounds/3/root-hash',
      status: 200,
      body: { status: 'Ok', round_number: 3, root_hash: 'ab' },
    });
  });
});
