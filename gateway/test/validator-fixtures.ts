import type { SpliceDarSet } from '@pocketnet/runtime/splice-dars';
import { expect } from 'vitest';
import { expectMatchesSpec, type SpecName } from './openapi-validator.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// A devnet node with its validator app under /api/validator, called as a wallet client does:
// the JWT's subject is the wallet user, bodies are snake_case JSON, and every answer is
// checked against the operation's OpenAPI document.

export type ValidatorNode = {
  readonly node: TestNode;
  readonly dso: string;
  readonly operator: string;
  /** The validator operator's wallet user (`validatorWalletUser`). */
  readonly operatorUser: string;
};

export type Answer<T = unknown> = { readonly status: number; readonly body: T };

export async function startValidatorNode(
  options: {
    onBackgroundError?: (error: unknown) => void;
    dataDir?: string;
    spliceDars?: SpliceDarSet;
  } = {},
): Promise<ValidatorNode> {
  const node = await startTestNode({ devnet: true, ...options });
  const parties = node.node.devnet?.parties;
  if (!parties) throw new Error('the node has no devnet');
  return {
    node,
    dso: parties.dso,
    operator: parties.validatorOperator,
    operatorUser: 'administrator',
  };
}

/**
 * The spec document of a validator path (the newest Splice, as main has it), and the path as that
 * document spells it.
 */
function specOf(path: string): { spec: SpecName; path: string } {
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
 * Calls `/api/validator{path}` as `user` and validates the answer against the spec of its path
 * (an error answer the spec does not declare must still be Splice's `{error}`); the status and
 * the parsed body (undefined when empty).
 */
export async function validator<T = Record<string, unknown>>(
  net: ValidatorNode,
  path: string,
  init: { user: string | null; body?: unknown; method?: string },
): Promise<Answer<T>> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const response = await net.node.call(`/api/validator${path}`, { ...init, method });
  const text = await response.text();
  const body = text === '' ? undefined : JSON.parse(text);
  const status = response.status;
  const { spec, path: specPath } = specOf(path.split('?')[0] ?? path);
  if (status >= 400 && !declares(spec, method, specPath, status)) {
    // Most operations declare no error answers; Splice's are all the common ErrorResponse.
    expect(Object.keys(body ?? {}), `${path} → ${status}`).toEqual(['error']);
    expect(typeof (body as { error: unknown }).error).toBe('string');
  } else {
    expectMatchesSpec({ spec, method, path: specPath, status, body });
  }
  return { status, body: body as T };
}

/** As `validator`, but the call must succeed; its body. */
export async function ok<T = Record<string, unknown>>(
  net: ValidatorNode,
  path: string,
  init: { user: string | null; body?: unknown; method?: string },
): Promise<T> {
  const answer = await validator<T>(net, path, init);
  if (answer.status !== 200) {
    throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/** Expects an `{error}` answer with this status (and, if given, a matching message). */
export async function refused(
  net: ValidatorNode,
  path: string,
  init: { user: string | null; body?: unknown; method?: string },
  expected: { status: number; message?: RegExp },
): Promise<string> {
  const answer = await validator<{ error: string }>(net, path, init);
  expect(answer.status, JSON.stringify(answer.body)).toBe(expected.status);
  expect(typeof answer.body.error).toBe('string');
  if (expected.message) expect(answer.body.error).toMatch(expected.message);
  return answer.body.error;
}

/** Onboards `name` through the admin API, as the validator operator; the user's party. */
export async function onboard(net: ValidatorNode, name: string): Promise<string> {
  const body = await ok<{ party_id: string }>(net, '/v0/admin/users', {
    user: net.operatorUser,
    body: { name },
  });
  return body.party_id;
}

/**
 * A devnet node with its validator app, and `names` onboarded in order as wallet users: `net`,
 * and each user's party under its name.
 */
export async function startWithUsers<TName extends string>(
  ...names: TName[]
): Promise<{ net: ValidatorNode } & Record<Exclude<TName, 'net'>, string>> {
  const net = await startValidatorNode();
  try {
    const parties: Record<string, string> = {};
    for (const name of names) parties[name] = await onboard(net, name);
    return { ...parties, net } as { net: ValidatorNode } & Record<Exclude<TName, 'net'>, string>;
  } catch (error) {
    await net.node.close();
    throw error;
  }
}

/** The node's clock, in unix microseconds. */
export async function nowMicros(net: ValidatorNode): Promise<number> {
  const response = await net.node.call('/api/devnet/v0/time');
  return Number(((await response.json()) as { now_micros: string }).now_micros);
}

export const hourMicros = 3_600_000_000;

export async function balanceOf(net: ValidatorNode, user: string) {
  return ok<{ effective_unlocked_qty: string; effective_locked_qty: string; round: number }>(
    net,
    '/v0/wallet/balance',
    { user },
  );
}
