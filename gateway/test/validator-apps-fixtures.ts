import { expect } from 'vitest';
import { allocateParty, createdIds, createUser, submitTree } from './ledger-fixtures.ts';
import { expectMatchesSpec, type SpecName } from './openapi-validator.ts';
import type { Answer, ValidatorNode } from './validator-fixtures.ts';

// Calls of the validator app's apps (scan proxy, names, payments, subscriptions, delegations,
// allocations), each answer checked against the spec document of its path.

/** The spec document of a validator path, and the path as that document spells it. */
export function specOf(path: string): { spec: SpecName; path: string } {
  const registry = /^\/v0\/scan-proxy(\/registry\/([a-z-]+)\/v1\/.*)$/.exec(path);
  if (registry) {
    const api = registry[2] === 'metadata' ? 'token-metadata' : registry[2];
    const spec = api === 'allocations' ? 'allocation' : (api as SpecName);
    return { spec, path: registry[1] ?? path };
  }
  if (/^\/v[01]\/scan-proxy\//.test(path)) return { spec: 'scan-proxy-main', path };
  if (path.startsWith('/v0/entry/')) return { spec: 'ans-main', path };
  if (/^\/v0\/wallet\/(transfer-offers(\/[^/]+\/status)?|buy-traffic-requests.*)$/.test(path)) {
    return { spec: 'wallet-external-main', path };
  }
  if (
    path.startsWith('/v0/wallet') ||
    path.startsWith('/v0/allocations') ||
    path === '/v0/feature-support'
  ) {
    return { spec: 'wallet-internal-main', path };
  }
  return { spec: 'validator-main', path };
}

/** Whether the spec declares an answer with this status for the operation. */
function declares(spec: SpecName, method: string, path: string, status: number): boolean {
  try {
    expectMatchesSpec({ spec, method, path, status, body: { error: 'probe' } });
    return true;
  } catch (error) {
    return !String(error).includes('declares no such response');
  }
}

/**
 * Calls `/api/validator{path}` as `user`; the answer must be what the path's spec says (an
 * error answer the spec does not declare must still be Splice's `{error}`).
 */
export async function appCall<T = Record<string, unknown>>(
  net: ValidatorNode,
  path: string,
  init: { user: string | null; body?: unknown; method?: string },
): Promise<Answer<T>> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const response = await net.node.call(`/api/validator${path}`, { ...init, method });
  const text = await response.text();
  const body = text === '' ? undefined : JSON.parse(text);
  const { status } = response;
  const target = specOf(path.split('?')[0] ?? path);
  if (status >= 400 && !declares(target.spec, method, target.path, status)) {
    expect(Object.keys(body ?? {}), `${path} → ${status}`).toEqual(['error']);
  } else {
    expectMatchesSpec({ spec: target.spec, method, path: target.path, status, body });
  }
  return { status, body: body as T };
}

/** As `appCall`, but it must answer 200; its body. */
export async function appOk<T = Record<string, unknown>>(
  net: ValidatorNode,
  path: string,
  init: { user: string | null; body?: unknown; method?: string },
): Promise<T> {
  const answer = await appCall<T>(net, path, init);
  if (answer.status !== 200) {
    throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/** Expects an `{error}` answer with this status; its message. */
export async function appRefused(
  net: ValidatorNode,
  path: string,
  init: { user: string | null; body?: unknown; method?: string },
  status: number,
): Promise<string> {
  const answer = await appCall<{ error: string }>(net, path, init);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(typeof answer.body.error).toBe('string');
  return answer.body.error;
}

/** Taps `amount` USD worth of amulet into the user's wallet. */
export async function tapFor(net: ValidatorNode, user: string, amount: string): Promise<void> {
  await appOk(net, '/v0/wallet/tap', { user, body: { amount } });
}

/** Moves the devnet's clock on (everything due on the way runs first). */
export async function advance(net: ValidatorNode, seconds: number): Promise<void> {
  const response = await net.node.call('/api/devnet/v0/time/advance', { body: { seconds } });
  expect(response.status, await response.clone().text()).toBe(200);
}

/**
 * An app on the ledger: its provider party, a receiver party, and a ledger user that acts for
 * both and for the paying users named (all signatories of an app's payment request).
 */
export async function startApp(net: ValidatorNode, payers: readonly string[]) {
  const provider = await allocateParty(net.node, `app-${payers.length}-${Date.now()}`);
  const receiver = await allocateParty(net.node, `shop-${payers.length}-${Date.now()}`);
  const user = `app-user-${Date.now()}`;
  await createUser(net.node, user, [provider, receiver, ...payers], [net.dso]);
  /** Creates a template as the app and its payers; the new contract's id. */
  const create = async (templateId: string, createArguments: unknown, actAs: string[]) => {
    const body = {
      commands: [{ CreateCommand: { templateId, createArguments } }],
      commandId: `app-${Date.now()}-${Math.random()}`,
      actAs,
    };
    const created = createdIds((await submitTree(net.node, user, body)).transactionTree);
    const [id] = created;
    if (!id) throw new Error(`nothing created of ${templateId}`);
    return id;
  };
  return { provider, receiver, user, create };
}
