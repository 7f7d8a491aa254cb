import { expect } from 'vitest';
import { createUser, exercise } from './ledger-fixtures.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import { rootResult, submitTree, type Tree } from './splice-amulet-calls.ts';
import type { Payload, SpliceNode } from './splice-fixtures.ts';
import type { TestNode } from './test-node.ts';

// Calls of Scan's network operations as an anonymous client (Scan declares no credential),
// each response checked against the operation in Splice's scan.yaml.

export type ScanAnswer<T = Payload> = { readonly status: number; readonly body: T };

/** Calls `/api/scan<path>` without a token and checks the answer against the spec. */
export async function scanCall<T = Payload>(
  node: TestNode,
  path: string,
  init: { body?: unknown; method?: string; token?: string } = {},
): Promise<ScanAnswer<T>> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${node.url}/api/scan${path}`, {
    method,
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  const body = text === '' ? undefined : JSON.parse(text);
  checkAgainstSpec({ method, path, status: response.status, body });
  return { status: response.status, body: body as T };
}

/**
 * The spec's response for the status; an error status an operation does not declare (Splice's
 * Scan answers 400 and 404 beyond what each operation lists) is still Scan's `{error}`.
 */
function checkAgainstSpec(answer: { method: string; path: string; status: number; body: unknown }) {
  try {
    expectMatchesSpec({ spec: 'scan-main', ...answer });
  } catch (error) {
    const undeclared = String(error).includes('the spec declares no such response');
    if (!undeclared || answer.status < 400) throw error;
    expect(answer.body).toEqual({ error: expect.any(String) });
  }
}

/** A 200 answer's body. */
export async function scanOk<T = Payload>(
  node: TestNode,
  path: string,
  init: { body?: unknown; method?: string } = {},
): Promise<T> {
  const answer = await scanCall<T>(node, path, init);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Expects `{error}` with the status, its message matching. */
export async function scanError(
  node: TestNode,
  path: string,
  expected: { status: number; message: RegExp; body?: unknown; method?: string },
): Promise<void> {
  const answer = await scanCall<{ error: string }>(node, path, {
    ...(expected.body === undefined ? {} : { body: expected.body }),
    ...(expected.method === undefined ? {} : { method: expected.method }),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(expected.status);
  expect(answer.body.error).toMatch(expected.message);
}

export type ScanContract = {
  template_id: string;
  contract_id: string;
  payload: Payload;
  created_event_blob: string;
  created_at: string;
};

/** A user that acts as the SV (and reads as the DSO), as the SV's own automation would. */
export async function svUser(net: SpliceNode): Promise<string> {
  const user = 'sv-operator';
  await createUser(net.node, user, [net.sv], [net.dso]);
  return user;
}

/** Exercises a DsoRules choice as the SV's user. */
export async function dsoRulesChoice(
  net: SpliceNode,
  request: { user: string; actAs?: string; choice: string; argument: unknown },
): Promise<Tree> {
  const dso = await scanOk<{ dso_rules: { contract: ScanContract } }>(net.node, '/v0/dso');
  const rules = dso.dso_rules.contract;
  return submitTree(net, {
    user: request.user,
    actAs: [request.actAs ?? net.sv],
    commands: [
      exercise(
        '#splice-dso-governance:Splice.DsoRules:DsoRules',
        rules.contract_id,
        request.choice,
        request.argument,
      ),
    ],
  });
}

/** Onboards a validator as the SV does; the new licence's contract id. */
export async function onboardValidator(net: SpliceNode, user: string, validator: string) {
  const tree = await dsoRulesChoice(net, {
    user,
    choice: 'DsoRules_OnboardValidator',
    argument: { sponsor: net.sv, validator, version: '0.6.11', contactPoint: 'ops@example.com' },
  });
  return rootResult<{ validatorLicense: string }>(tree).validatorLicense;
}
