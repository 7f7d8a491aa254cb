import { DomainError } from '@pocketnet/ledger';
import type { AnsEntryView } from '@pocketnet/runtime';
import { Router } from 'express';
import { renderContract } from '../render/contract.render.ts';
import type { ScanRouteDeps } from '../scan.routes.ts';
import { contractOf, withState } from './network-contract.render.ts';
import { int64Of, partyPathOf, partyQueryOf, pathOf } from './scan-params.ts';

const renderEntry = (entry: AnsEntryView) => ({
  ...(entry.contractId === null ? {} : { contract_id: entry.contractId }),
  user: entry.user,
  name: entry.name,
  url: entry.url,
  description: entry.description,
  ...(entry.expiresAt === null ? {} : { expires_at: entry.expiresAt }),
});

const notFound = (message: string) => new DomainError('CONTRACT_NOT_FOUND', message);

/** The name service: entries by prefix, by party and by name, the DSO's own among them. */
export function ansRoutes({ scan }: ScanRouteDeps): Router {
  const router = Router();
  const ans = scan.network.ans;
  router.get('/v0/ans-entries', (req, res) => {
    const pageSize = Number(int64Of(req.query.page_size, 'page_size'));
    if (pageSize < 1) throw new DomainError('INVALID_ARGUMENT', 'page_size must be positive');
    const prefix = typeof req.query.name_prefix === 'string' ? req.query.name_prefix : '';
    res.json({ entries: ans.list(prefix, pageSize).map(renderEntry) });
  });
  router.get('/v0/ans-entries/by-party/:party', (req, res) => {
    const party = partyPathOf(req, 'party');
    const entry = ans.byParty(party);
    if (entry === null) throw notFound(`No ans entry found for party: ${party}`);
    res.json({ entry: renderEntry(entry) });
  });
  router.get('/v0/ans-entries/by-name/:name', (req, res) => {
    const name = pathOf(req, 'name');
    const entry = ans.byName(name);
    if (entry === null) throw notFound(`No ans entry found for name: ${name}`);
    res.json({ entry: renderEntry(entry) });
  });
  return router;
}

/** Featured app rights: all, by provider, by contract id (the field absent when none). */
export function featuredAppRoutes({ scan }: ScanRouteDeps): Router {
  const router = Router();
  const apps = scan.network.featuredApps;
  const right = (found: Parameters<typeof contractOf>[0] | null | undefined) =>
    found ? { featured_app_right: contractOf(found) } : {};
  router.get('/v0/featured-apps', (_req, res) => {
    res.json({ featured_apps: apps.all().map(contractOf) });
  });
  router.get('/v0/featured-apps/by-provider/:provider', (req, res) => {
    res.json({ featured_apps: apps.ofProvider(partyPathOf(req, 'provider')).map(contractOf) });
  });
  router.get('/v0/featured-apps/by-contract-id/:contractId', (req, res) => {
    res.json(right(apps.byContractId(pathOf(req, 'contractId'))));
  });
  router.get('/v0/featured-apps/:provider', (req, res) => {
    res.json(right(apps.ofProvider(partyPathOf(req, 'provider'))[0]));
  });
  return router;
}

/** Transfer preapprovals and the (deprecated) transfer commands of external parties. */
export function transferRoutes({ scan }: ScanRouteDeps): Router {
  const router = Router();
  const network = scan.network;
  router.get('/v0/transfer-preapprovals/by-party/:party', (req, res) => {
    const found = network.transferPreapprovalOf(partyPathOf(req, 'party'));
    res.json({ transfer_preapproval: withState(found) });
  });
  router.get('/v0/transfer-command-counter/:party', (req, res) => {
    const found = network.transferCommandCounterOf(partyPathOf(req, 'party'));
    res.json({ transfer_command_counter: withState(found) });
  });
  router.get('/v0/transfer-command/status', (req, res) => {
    const sender = partyQueryOf(req, 'sender');
    const commands = network.transferCommandStatus(sender, int64Of(req.query.nonce, 'nonce'));
    const entries = commands.map(({ node: command, status }) => [
      command.contractId,
      {
        contract: renderContract(command),
        status:
          status.status === 'failed'
            ? { status: 'failed', failure_kind: status.failureKind, reason: status.reason }
            : { status: status.status },
      },
    ]);
    res.json({ transfer_commands_by_contract_id: Object.fromEntries(entries) });
  });
  return router;
}
