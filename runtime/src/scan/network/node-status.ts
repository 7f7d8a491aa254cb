import type { UndoLog } from '@pocketnet/ledger';

/** What `/status` reports: Splice's success, not-initialized and failed node states. */
export type ScanStatus =
  | { readonly kind: 'success'; readonly id: string; readonly uptime: string }
  | { readonly kind: 'not_initialized' }
  | { readonly kind: 'failed'; readonly error: string };

/** An uptime as an ISO-8601 duration, `PT1H2M3.5S`. */
export function formatUptime(millis: number): string {
  const total = Math.max(0, Math.floor(millis));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = (total % 60_000) / 1000;
  return `PT${hours > 0 ? `${hours}H` : ''}${minutes > 0 ? `${minutes}M` : ''}${seconds}S`;
}

/**
 * Scan's health: failed once a record could not be projected (what it serves would be wrong),
 * not initialized until the network's DSO exists, running otherwise.
 */
export function createScanHealth(deps: {
  readonly id: () => string | null;
  /** Milliseconds since the node started, from a monotonic clock (operations, not domain). */
  readonly uptimeMillis: () => number;
  /** A failure on a record a rollback takes back is taken back with it. */
  readonly undo: UndoLog;
}) {
  const health: { failure: string | null } = { failure: null };
  return {
    fail(error: unknown): void {
      if (health.failure !== null) return;
      deps.undo.assign(health, 'failure', error instanceof Error ? error.message : String(error));
    },
    /** The failure's message, or null: what a state section saves. */
    failure: (): string | null => health.failure,
    /** A restored state's failure (nothing records while a state is restored). */
    restore(failure: string | null): void {
      health.failure = failure;
    },
    status(): ScanStatus {
      const { failure } = health;
      if (failure !== null) return { kind: 'failed', error: failure };
      const id = deps.id();
      if (id === null) return { kind: 'not_initialized' };
      return { kind: 'success', id, uptime: formatUptime(deps.uptimeMillis()) };
    },
  };
}
