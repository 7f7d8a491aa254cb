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

export async function startValidatorNode(): Promise<ValidatorNode> {
  const node = await startTestNode({ devnet: true });
  const parties = node.node.devnet?.parties;
  if (!parties) throw new Error('the node has no devnet');
  return {
    node,
    dso: parties.dso,
    operator: parties.validatorOperator,
    operatorUser: 'administrator',
  };
}

/** Which spec document describes a validator path (the newest Splice, as main has it). */
function specOf(path: string): SpecName {
  if (/^\/v0\/wallet\/(transfer-offers(\/[^/]+\/status)?|buy-traffic-requests.*)$/.test(path)) {
    return path.endsWith('/accept') || path.endsWith('/reject') || path.endsWith('/withdraw')
      ? 'wallet-internal-main'
      : 'wallet-external-main';
  }
  if (path.startsWith('/v0/wallet') || path === '/v0/feature-support')
    return 'wallet-internal-main';
  return 'validator-main';
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
 * Calls `/api/validator{path}` as `user` and validates the answer against the spec; the status
 * and the parsed body (undefined when empty).
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
  const spec = specOf(path);
  if (status >= 400 && !declares(spec, method, path, status)) {
    // Most operations declare no error answers; Splice's are all the common ErrorResponse.
    expect(Object.keys(body ?? {})).toEqual(['error']);
    expect(typeof (body as { error: unknown }).error).toBe('string');
  } else {
    expectMatchesSpec({ spec, method, path, status, body });
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
