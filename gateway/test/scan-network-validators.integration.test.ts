import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, exercise } from './ledger-fixtures.ts';
import {
  onboardValidator,
  type ScanContract,
  scanError,
  scanOk,
  svUser,
} from './scan-network-fixtures.ts';
import { submitTree } from './splice-amulet-calls.ts';
import {
  advanceRounds,
  dsoContracts,
  latestOpenRound,
  nodeTime,
  partyWithUser,
  type SpliceNode,
  startSpliceNode,
} from './splice-fixtures.ts';

// Validators and governance as Scan serves them: licences paged newest first, faucet
// statistics from the licences, price votes, and the vote operations of a one-SV DSO.

const licenseId = '#splice-amulet:Splice.ValidatorLicense:ValidatorLicense';
type Licenses = { validator_licenses: ScanContract[]; next_page_token?: number };

describe('Scan: validators and governance', () => {
  let net: SpliceNode;
  let sv: string;

  beforeAll(async () => {
    net = await startSpliceNode();
    sv = await svUser(net);
  });
  afterAll(() => net.node.close());

  const validatorsOf = (page: Licenses) =>
    page.validator_licenses.map((license) => license.payload.validator);

  it('pages the licences newest first, as the ledger has them', async () => {
    const first = await scanOk<Licenses>(net.node, '/v0/admin/validator/licenses');
    expect(validatorsOf(first)).toEqual([net.operator]);
    expect(first.next_page_token).toBeUndefined();
    const onboarded: string[] = [];
    for (const hint of ['dave', 'erin', 'frank']) {
      const validator = await partyWithUser(net, hint);
      await onboardValidator(net, sv, validator);
      onboarded.push(validator);
    }
    const ledger = await dsoContracts(net, licenseId);
    expect(ledger).toHaveLength(4);
    const page = await scanOk<Licenses>(net.node, '/v0/admin/validator/licenses?limit=3');
    expect(validatorsOf(page)).toEqual([...onboarded].reverse());
    // Onboarded by the SV, each validator is its own sponsor (splice-dso-governance 0.1.26).
    expect(page.validator_licenses[0]?.payload).toMatchObject({
      validator: onboarded.at(-1),
      sponsor: onboarded.at(-1),
      metadata: { version: '0.6.11', contactPoint: 'ops@example.com' },
    });
    expect(page.next_page_token).toEqual(expect.any(Number));
    const rest = await scanOk<Licenses>(
      net.node,
      `/v0/admin/validator/licenses?limit=3&after=${page.next_page_token}`,
    );
    expect(validatorsOf(rest)).toEqual([net.operator]);
    expect(rest.next_page_token).toBeUndefined();
    const all = await scanOk<Licenses>(net.node, '/v0/admin/validator/licenses');
    expect(all.validator_licenses.map((license) => license.contract_id).sort()).toEqual(
      ledger.map((event) => event.contractId).sort(),
    );
    for (const query of ['limit=0', 'limit=x', 'after=y']) {
      await scanError(net.node, `/v0/admin/validator/licenses?${query}`, {
        status: 400,
        message: /limit|after/,
      });
    }
  });

  it('counts the rounds a validator collected and missed from its licence', async () => {
    const path = (...validators: string[]) =>
      `/v0/validators/validator-faucets?${validators.map((v) => `validator_ids=${v}`).join('&')}`;
    expect(await scanOk(net.node, path(net.operator))).toEqual({ validatorsReceivedFaucets: [] });
    const record = async () => {
      const [license] = (await dsoContracts(net, licenseId)).filter(
        (event) => event.createArgument.validator === net.operator,
      );
      const round = await latestOpenRound(net);
      await submitTree(net, {
        user: net.operatorUser,
        actAs: [net.operator],
        commands: [
          exercise(
            licenseId,
            license?.contractId ?? '',
            'ValidatorLicense_RecordValidatorLivenessActivity',
            {
              openRoundCid: round.contractId,
            },
          ),
        ],
      });
      return round.number;
    };
    const first = await record();
    expect(await scanOk(net.node, path(net.operator))).toEqual({
      validatorsReceivedFaucets: [
        {
          validator: net.operator,
          numRoundsCollected: 1,
          numRoundsMissed: 0,
          firstCollectedInRound: first,
          lastCollectedInRound: first,
        },
      ],
    });
    await advanceRounds(net, 2);
    const last = await record();
    expect(last).toBe(first + 2);
    // dave is onboarded but never collected; a stranger is no validator: both are left out.
    const [dave] = (await dsoContracts(net, licenseId)).filter((event) =>
      String(event.createArgument.validator).startsWith('dave::'),
    );
    const stranger = `stranger::1220${'ab'.repeat(32)}`;
    const daveParty = String(dave?.createArgument.validator);
    expect(await scanOk(net.node, path(net.operator, daveParty, stranger))).toEqual({
      validatorsReceivedFaucets: [
        {
          validator: net.operator,
          numRoundsCollected: 2,
          numRoundsMissed: 1,
          firstCollectedInRound: first,
          lastCollectedInRound: last,
        },
      ],
    });
    await scanError(net.node, '/v0/validators/validator-faucets', {
      status: 400,
      message: /validator_ids/,
    });
  });

  it('lists the SVs’ amulet price votes as the ledger has them', async () => {
    expect(await scanOk(net.node, '/v0/amulet-price/votes')).toEqual({ amulet_price_votes: [] });
    await createUser(net.node, 'dso-actor', [net.dso]);
    const created = await submitTree(net, {
      user: 'dso-actor',
      actAs: [net.dso],
      commands: [
        {
          CreateCommand: {
            templateId: '#splice-dso-governance:Splice.DSO.AmuletPrice:AmuletPriceVote',
            createArguments: {
              dso: net.dso,
              sv: net.sv,
              amuletPrice: '0.0060000000',
              lastUpdatedAt: await nodeTime(net),
            },
          },
        },
      ],
    });
    const votes = await scanOk<{ amulet_price_votes: ScanContract[] }>(
      net.node,
      '/v0/amulet-price/votes',
    );
    const id = Object.values(created.eventsById)[0]?.CreatedTreeEvent?.value.contractId;
    expect(
      votes.amulet_price_votes.map((vote) => [vote.contract_id, vote.payload.amuletPrice]),
    ).toEqual([[id, '0.0060000000']]);
  });

  it('answers the vote operations of a DSO without vote requests in their shapes', async () => {
    const unknown = `00${'12'.repeat(32)}`;
    expect(
      await scanOk(net.node, '/v0/voterequest', { body: { vote_request_contract_ids: [unknown] } }),
    ).toEqual({ vote_requests: [] });
    await scanError(net.node, `/v0/voterequests/${unknown}`, {
      status: 404,
      message: /VoteRequest/,
    });
    expect(await scanOk(net.node, '/v0/admin/sv/voterequests')).toEqual({
      dso_rules_vote_requests: [],
    });
    expect(
      await scanOk(net.node, '/v0/admin/sv/voteresults', { body: { limit: 10, accepted: true } }),
    ).toEqual({ dso_rules_vote_results: [] });
    expect(
      await scanOk(net.node, '/v0/admin/sv/previous-sv-reward-weight', {
        body: { svParty: net.sv, effectiveBefore: await nodeTime(net) },
      }),
    ).toEqual({});
    await scanError(net.node, '/v0/voterequest', {
      status: 400,
      message: /vote_request_contract_ids/,
      body: {},
    });
    await scanError(net.node, '/v0/admin/sv/voteresults', {
      status: 400,
      message: /limit/,
      body: {},
    });
    await scanError(net.node, '/v0/admin/sv/previous-sv-reward-weight', {
      status: 400,
      message: /svParty/,
      body: { effectiveBefore: 'now' },
    });
  });
});
