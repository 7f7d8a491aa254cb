import { describe, expect, it } from 'vitest';
import { expectRejected, startAmuletLedger } from '../../testing/amulet-ledger.test-helper.ts';
import { amuletTemplateIds as ids } from '../amulet/amulet-references.ts';
import {
  featuredAppActivityMarkerV1InterfaceId,
  featuredAppRightV1InterfaceId,
} from './featured-app-right-v1.ts';

type Marker = { provider: string; beneficiary: string; weight: string };

async function featuredNetwork() {
  const net = await startAmuletLedger();
  const [app, alice, bob] = [
    await net.party('app'),
    await net.party('alice'),
    await net.party('bob'),
  ];
  const granted = await net.rules('AmuletRules_DevNet_FeatureApp', [app], { provider: app });
  const rightCid = (granted.result as { featuredAppRightCid: string }).featuredAppRightCid;
  const createMarkers = (actAs: string, beneficiaries: { beneficiary: string; weight: string }[]) =>
    net.exercise([actAs], {
      templateId: featuredAppRightV1InterfaceId,
      contractId: rightCid,
      choice: 'FeaturedAppRight_CreateActivityMarker',
      choiceArgument: { beneficiaries },
    });
  const markers = () =>
    net.ledger.active(ids.featuredAppActivityMarker).map((marker) => {
      const { provider, beneficiary, weight } = marker.payload as Marker;
      return { provider, beneficiary, weight };
    });
  return { net, app, alice, bob, rightCid, createMarkers, markers };
}

describe('splice-api-featured-app-v1 on FeaturedAppRight', () => {
  it('creates one marker per beneficiary through the interface, the same party summed', async () => {
    const { net, app, alice, bob, createMarkers, markers } = await featuredNetwork();
    const { result } = await createMarkers(app, [
      { beneficiary: alice, weight: '0.25' },
      { beneficiary: bob, weight: '0.5' },
      { beneficiary: alice, weight: '0.25' },
    ]);
    const { activityMarkerCids } = result as { activityMarkerCids: string[] };
    expect(activityMarkerCids).toHaveLength(2);
    expect(markers()).toEqual(
      expect.arrayContaining([
        { provider: app, beneficiary: alice, weight: '0.5000000000' },
        { provider: app, beneficiary: bob, weight: '0.5000000000' },
      ]),
    );
    // The markers are FeaturedAppActivityMarkers of the API too, with the same view.
    const [first] = net.ledger.active(ids.featuredAppActivityMarker);
    if (first === undefined) throw new Error('no marker');
    const contract = [...net.ledger.engine.contracts.values()].find(
      (active) => active.contractId === first.contractId,
    );
    if (contract === undefined) throw new Error('no active marker');
    const view = net.ledger.engine.packages.interfaceView(
      contract,
      featuredAppActivityMarkerV1InterfaceId,
    );
    expect(view.viewValue).toMatchObject({ dso: net.dso, provider: app });
  });

  it('holds a provider to fair use: weights in (0, 1] adding up to 1, at most 20 parties', async () => {
    const { app, alice, bob, createMarkers, markers } = await featuredNetwork();
    const refused = (beneficiaries: { beneficiary: string; weight: string }[], message: RegExp) =>
      expectRejected(createMarkers(app, beneficiaries), 'DAML_FAILURE', message);
    await refused([{ beneficiary: alice, weight: '0.5' }], /add up to 1.0/);
    await refused(
      [
        { beneficiary: alice, weight: '1.5' },
        { beneficiary: bob, weight: '-0.5' },
      ],
      /between 0.0 and 1.0/,
    );
    await refused(
      Array.from({ length: 21 }, (_, index) => ({
        beneficiary: index % 2 === 0 ? alice : bob,
        weight: index === 0 ? '0.8' : '0.01',
      })),
      /at most 20 beneficiaries/,
    );
    expect(markers()).toEqual([]);
  });

  it('lets only the provider record activity', async () => {
    const { alice, createMarkers } = await featuredNetwork();
    await expectRejected(
      createMarkers(alice, [{ beneficiary: alice, weight: '1.0' }]),
      'DAML_AUTHORIZATION_ERROR',
      /missing/,
    );
  });
});
