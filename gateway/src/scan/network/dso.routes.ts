import type { ScanNetwork } from '@pocketnet/runtime';
import { type Request, Router } from 'express';
import type { ScanRouteDeps } from '../scan.routes.ts';
import { withState } from './network-contract.render.ts';

/** The URL this node is reached at: the base every SV's Scan is published under. */
const publicUrlOf = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

function renderDsoInfo(info: ReturnType<ScanNetwork['dsoInfo']>) {
  return {
    sv_user: info.svUser,
    sv_party_id: info.svPartyId,
    dso_party_id: info.dsoPartyId,
    voting_threshold: info.votingThreshold,
    latest_mining_round: withState(info.latestMiningRound),
    amulet_rules: withState(info.amuletRules),
    dso_rules: withState(info.dsoRules),
    sv_node_states: info.svNodeStates.map(withState),
    initial_round: info.initialRound,
  };
}

function renderInstanceNames(names: ReturnType<ScanNetwork['instanceNames']>) {
  return {
    network_name: names.networkName,
    network_favicon_url: names.networkFaviconUrl,
    amulet_name: names.amuletName,
    amulet_name_acronym: names.amuletNameAcronym,
    name_service_name: names.nameServiceName,
    name_service_name_acronym: names.nameServiceNameAcronym,
  };
}

/** The DSO: its party, its rules and SVs, what the network calls its parts. */
export function dsoRoutes({ scan }: ScanRouteDeps): Router {
  const router = Router();
  const network = scan.network;
  router.get('/v0/dso-party-id', (_req, res) => {
    res.json({ dso_party_id: network.dsoPartyId() });
  });
  router.get('/v0/dso', (_req, res) => {
    res.json(renderDsoInfo(network.dsoInfo()));
  });
  router.get('/v0/splice-instance-names', (_req, res) => {
    res.json(renderInstanceNames(network.instanceNames()));
  });
  return router;
}

/** The SVs' nodes: their scans and sequencers, which on a devnet are this node. */
export function svNodeRoutes({ scan }: ScanRouteDeps): Router {
  const router = Router();
  const directory = scan.network.directory;
  const domainId = directory.synchronizerId;
  router.get('/v0/scans', (req, res) => {
    const scans = directory.scans().map(({ svName }) => ({ publicUrl: publicUrlOf(req), svName }));
    res.json({ scans: [{ domainId, scans }] });
  });
  router.get('/v0/dso-sequencers', (req, res) => {
    const sequencers = directory.sequencers().map((sequencer) => ({
      migrationId: sequencer.migrationId,
      id: sequencer.sequencerId,
      url: publicUrlOf(req),
      svName: sequencer.svName,
      availableAfter: sequencer.availableAfter,
    }));
    res.json({ domainSequencers: [{ domainId, sequencers }] });
  });
  router.get('/v0/sv-bft-sequencers', (req, res) => {
    const bftSequencers = directory.bftSequencers().map(({ serialId, sequencerId }) => ({
      serialId,
      id: sequencerId,
      p2pUrl: publicUrlOf(req),
    }));
    res.json({ bftSequencers });
  });
  return router;
}
