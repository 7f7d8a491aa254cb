import type { AutomationConfig } from '@pocketnet/automations';
import { partiesOfConfig } from '@pocketnet/automations';
import { type PocketnetNode, unrestrictedCaller } from '@pocketnet/runtime';

/**
 * Errors a start cannot go on from, known by name (the classes live in packages the CLI does
 * not import): each is told in one line, with what to do, and the command exits with code 2.
 */
const refusedByName = new Set([
  'AutomationConfigError',
  'RedisEvictsKeysError',
  'RedisNotDurableError',
  'StartOptionError',
  'ConfigPartiesError',
  'StartRefusal',
]);

type Where = { readonly port: number; readonly host: string; readonly dataDir: string };

/** The one line a refused start prints, or null for an error that is a bug (with its stack). */
export function refusalOfStart(error: unknown, where: Where): string | null {
  if (!(error instanceof Error)) return null;
  const { code } = error as NodeJS.ErrnoException;
  if (code === 'EADDRINUSE') {
    return `port ${where.port} on ${where.host} is in use by another process: stop it, or start with another --port (--port 0 takes any free one)`;
  }
  if (code === 'EACCES' && 'port' in error) {
    return `port ${where.port} on ${where.host} is not open to this user: use a port above 1023 with --port`;
  }
  if (code === 'EADDRNOTAVAIL') {
    return `cannot listen on ${where.host}: it is no address of this machine; give another --host (127.0.0.1, 0.0.0.0)`;
  }
  if (error.name === 'JournalInUseError') {
    const { holder } = error as Error & { holder: number };
    return `the data dir ${where.dataDir} is in use by process ${holder} (another node): stop that one first, or give this one another --data-dir (or --ephemeral)`;
  }
  if (error.name === 'JournalCorruptionError') {
    return `${error.message}, so it cannot be replayed: move ${where.dataDir} aside to start afresh, or restore it from a backup`;
  }
  return refusedByName.has(error.name) ? error.message : null;
}

/** A config file naming parties the node does not know: its automations could never run. */
export class ConfigPartiesError extends Error {
  override readonly name = 'ConfigPartiesError';
}

/** Refuses a configuration whose parties are not on this node's ledger. */
export function assertConfigPartiesKnown(
  node: Pick<PocketnetNode, 'admin'>,
  config: AutomationConfig,
  configFile: string | null,
): void {
  const named = partiesOfConfig(config);
  if (named.length === 0) return;
  const known = new Set(
    node.admin.getParties(unrestrictedCaller, { parties: named }).map((details) => details.party),
  );
  const unknown = named.filter((party) => !known.has(party));
  if (unknown.length === 0) return;
  throw new ConfigPartiesError(
    `the config file ${configFile ?? ''} names ${unknown.length === 1 ? 'a party' : 'parties'} this node does not have: ${unknown.join(', ')}. Allocate ${unknown.length === 1 ? 'it' : 'them'} first (start without --config, POST /v2/parties), or fix the file`,
  );
}
