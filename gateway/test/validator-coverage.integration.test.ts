import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type SpecName, specFiles } from './openapi-validator.ts';
import { startValidatorNode, type ValidatorNode, validator } from './validator-fixtures.ts';

// The guard of issue 7: every operation of the validator app's five documents (Splice main) is
// served under /api/validator, read from the documents themselves, so that an operation added
// to them, or a route lost, fails here. Each probe goes through `validator`, which checks the
// answer against the operation's spec; only the router's own "no such operation" is a miss.

const documents = [
  'validator-main',
  'scan-proxy-main',
  'ans-main',
  'wallet-internal-main',
  'wallet-external-main',
] as const satisfies readonly SpecName[];

/** Operations left to a later issue, each with its reason (none: every operation is served). */
const excluded: Readonly<Record<string, string>> = {};

const methods = ['get', 'post', 'put', 'patch', 'delete'];
type PathItem = Record<string, unknown> & { $ref?: string };

/** `METHOD /path` of every operation of a document, following `$ref`ed path items. */
function operationsOf(name: SpecName): string[] {
  const url = new URL(`../../../shared/specs/${specFiles[name]}`, import.meta.url);
  const document = parse(readFileSync(url, 'utf8')) as { paths: Record<string, PathItem> };
  return Object.entries(document.paths).flatMap(([path, item]) => {
    let resolved = item;
    if (item.$ref) {
      const [file = '', pointer = ''] = item.$ref.split('#');
      const target = parse(readFileSync(new URL(file, url), 'utf8')) as {
        paths: Record<string, PathItem>;
      };
      const key = pointer.replace('/paths/', '').replace(/~1/g, '/');
      resolved = target.paths[key] ?? {};
    }
    return methods.filter((method) => method in resolved).map((m) => `${m.toUpperCase()} ${path}`);
  });
}

/** A concrete request for an operation: parameters filled with probes, required queries set. */
function probeOf(key: string): { method: string; path: string; body?: unknown } {
  const [method = 'GET', template = ''] = key.split(' ');
  let path = template.replace(/\{[^}]+\}/g, 'probe');
  if (path === '/v0/scan-proxy/ans-entries') path += '?page_size=1';
  if (path === '/v0/scan-proxy/transfer-command/status') path += '?sender=probe&nonce=0';
  if (path === '/v0/wallet/development-fund-coupons/history') path += '?limit=1';
  return method === 'POST' ? { method, path, body: {} } : { method, path };
}

describe('the validator app’s operations', () => {
  let net: ValidatorNode;
  const all = documents.flatMap((name) => operationsOf(name));
  const served = all.filter((key) => excluded[key] === undefined);

  beforeAll(async () => {
    net = await startValidatorNode();
  });
  afterAll(() => net.node.close());

  it('reads the five documents, and excludes only operations they have', () => {
    expect(all.length).toBeGreaterThan(80);
    expect(Object.keys(excluded).filter((key) => !all.includes(key))).toEqual([]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('serves every operation outside the excluded ones, answering as its spec says', async () => {
    const problems: string[] = [];
    for (const key of served) {
      const probe = probeOf(key);
      try {
        const answer = await validator<{ error?: string }>(net, probe.path, {
          user: 'administrator',
          method: probe.method,
          ...(probe.body === undefined ? {} : { body: probe.body }),
        });
        const error = answer.body?.error ?? '';
        if (answer.status === 404 && /^No (such validator API|registry) operation/.test(error)) {
          problems.push(`${key}: not served`);
        }
      } catch (failure) {
        problems.push(`${key}: ${String(failure).split('\n').slice(0, 3).join(' ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('tells a path that is no operation from one that is', async () => {
    const answer = await net.node.call('/api/validator/v0/wallet/no-such-thing', {
      user: 'administrator',
    });
    expect(answer.status).toBe(404);
    const body = (await answer.json()) as { error: string };
    expect(body.error).toMatch(/^No such validator API operation/);
  });
});
