/**
 * Requests a gateway replica serves itself although they are not GETs: reads sent as POSTs, and
 * command submissions (authorized here; their commands travel to the writer through the
 * replica's engine). Every other write (but the plan-based ones below) goes to the writer
 * whole, so that whatever it changes (packages, the wallet's state, devnet time) changes in one
 * place only.
 */
const servedByReplica: readonly RegExp[] = [
  /^\/v2\/commands\//,
  /^\/v2\/state\//,
  /^\/v2\/updates(\/|$)/,
  /^\/v2\/events\//,
  /^\/v2\/contracts\//,
  /^\/v2\/package-vetting\/list$/,
  /^\/v2\/interactive-submission\/preferred-packages$/,
  /^\/api\/scan\//,
  /^\/api\/devnet\/v0\/dev-token$/,
  /^\/api\/validator\/v0\/wallet\/(transfer-offers|buy-traffic-requests)\/[^/]+\/status$/,
];

/**
 * Plan-based writes (participant administration, wallet onboarding) a replica serves itself
 * when it can catch up first (`catchUp`): it plans each change on its own copy of the
 * participant state and the writer commits it only on that same state (replica-plans.ts).
 */
const plannedByReplica: readonly RegExp[] = [
  /^\/v2\/parties(\/|$)/,
  /^\/v2\/users(\/|$)/,
  /^\/v2\/idps(\/|$)/,
  /^\/api\/validator\/v0\/register$/,
  /^\/api\/validator\/v0\/admin\/users(\/offboard)?$/,
];

export const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request goes to the writer whole (unless it is planned here, below). */
export function isForwardedToWriter(method: string, path: string): boolean {
  if (readMethods.has(method)) return false;
  return !servedByReplica.some((pattern) => pattern.test(path));
}

/** Whether a request is a plan-based write a replica that can catch up serves itself. */
export function isPlannedByReplica(method: string, path: string): boolean {
  return !readMethods.has(method) && plannedByReplica.some((pattern) => pattern.test(path));
}
