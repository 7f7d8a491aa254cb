import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { parse } from 'yaml';
import type { Answer } from './ledger-calls.ts';
import { expectMatchesSpec, specFiles } from './openapi-validator.ts';

/**
 * The operations of the 3.5 Ledger API document, read from the spec itself (never copied), so
 * that a table of requests can be checked for completeness against it.
 */

type Response = { content?: Record<string, unknown> };
type Operation = { responses?: Record<string, Response> };
type SpecDocument = { paths: Record<string, Record<string, Operation>> };

const methods = new Set(['get', 'put', 'post', 'patch', 'delete']);
const specUrl = new URL(`../../../shared/specs/${specFiles.ledger}`, import.meta.url);

let loaded: SpecDocument | undefined;
const ledgerSpec = (): SpecDocument => {
  loaded ??= parse(readFileSync(specUrl, 'utf8')) as SpecDocument;
  return loaded;
};

/** `POST /v2/commands/submit-and-wait`: the method in capitals, the path as the spec spells it. */
export type OperationKey = `${'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'} /${string}`;

export const operationKey = (method: string, path: string): OperationKey =>
  `${method.toUpperCase()} ${path}` as OperationKey;

export const splitKey = (key: OperationKey): { method: string; path: string } => {
  const [method = '', path = ''] = key.split(' ');
  return { method: method.toLowerCase(), path };
};

/** Every operation of the 3.5 document. */
export function ledgerOperations(): OperationKey[] {
  return Object.entries(ledgerSpec().paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => methods.has(method))
      .map((method) => operationKey(method, path)),
  );
}

/** Operations left out of the table: none since issue 9 served the interactive family. */
export function isExcludedOperation(_key: OperationKey): boolean {
  return false;
}

/** The media types the spec declares for a status (exact, `2XX`, then `default`). */
function declaredMediaTypes(key: OperationKey, status: number): string[] | undefined {
  const { method, path } = splitKey(key);
  const responses = ledgerSpec().paths[path]?.[method]?.responses ?? {};
  const declared =
    responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  return declared ? Object.keys(declared.content ?? {}) : undefined;
}

/**
 * The answer has a content type the spec declares for its status (or no body where the spec
 * declares none) and a body the spec's schema accepts.
 */
export function expectSpecAnswer(key: OperationKey, answer: Answer): void {
  const { method, path } = splitKey(key);
  const media = declaredMediaTypes(key, answer.status);
  expect(media, `${key} declares no response ${answer.status}`).toBeDefined();
  if (media === undefined || media.length === 0) {
    expect(answer.text, `${key} → ${answer.status} should have no body`).toBe('');
    return;
  }
  const jsonDeclared = media.includes('application/json');
  const isJson = answer.contentType.includes('application/json');
  // A 400 declares text/plain, yet a JsCantonError is what Canton sends for a DomainError.
  const fallsBack = isJson && !jsonDeclared && answer.status >= 400;
  if (!fallsBack) {
    expect(
      media.some((type) => answer.contentType.startsWith(type)),
      `${key} → ${answer.status} answered ${answer.contentType}, the spec declares ${media.join(', ')}`,
    ).toBe(true);
  }
  expectMatchesSpec({ spec: 'ledger', method, path, status: answer.status, body: answer.body });
}

/** Every string found under `key` anywhere in a JSON value (contract ids, update ids, …). */
export function valuesOf(json: unknown, key: string): string[] {
  if (Array.isArray(json)) return json.flatMap((item) => valuesOf(item, key));
  if (typeof json !== 'object' || json === null) return [];
  return Object.entries(json).flatMap(([name, value]) =>
    name === key && typeof value === 'string' ? [value] : valuesOf(value, key),
  );
}
