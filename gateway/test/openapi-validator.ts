import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * Validates bodies against the real OpenAPI documents in `../shared/specs` (read from the
 * sibling checkout, never copied into the project). OpenAPI 3.0 is not quite JSON Schema:
 * `nullable` becomes a `null` alternative, and `oneOf` becomes `anyOf`, because the generated
 * specs use `oneOf` over shapes that overlap (objects whose fields are all optional).
 */

const specRoot = new URL('../../../shared/specs/', import.meta.url);

export const specFiles = {
  ledger: 'canton/json-ledger-api-3.5.x-splice-main/openapi.yaml',
  'ledger-3.4': 'canton/json-ledger-api-3.4.12-mainnet/openapi.yaml',
  scan: 'splice-bundled-0.6.1/scan.yaml',
  /** Splice main (0.6.11): multi-file, its `$ref`s into the common documents are bundled on load. */
  'scan-main': 'splice/apps/scan/src/main/openapi/scan.yaml',
  'scan-proxy': 'splice-bundled-0.6.1/scan-proxy.yaml',
  validator: 'splice-bundled-0.6.1/validator-internal.yaml',
  'wallet-internal': 'splice-bundled-0.6.1/wallet-internal.yaml',
  'wallet-external': 'splice-bundled-0.6.1/wallet-external.yaml',
  ans: 'splice-bundled-0.6.1/ans-external.yaml',
  common: 'splice-bundled-0.6.1/common-external.yaml',
  'transfer-instruction': 'splice-bundled-0.6.1/transfer-instruction-v1.yaml',
  allocation: 'splice-bundled-0.6.1/allocation-v1.yaml',
  'allocation-instruction': 'splice-bundled-0.6.1/allocation-instruction-v1.yaml',
  'token-metadata': 'splice-bundled-0.6.1/token-metadata-v1.yaml',
  /** Splice main's validator app (multi-file, bundled on load like scan-main). */
  'validator-main': 'splice/apps/validator/src/main/openapi/validator-internal.yaml',
  'wallet-internal-main': 'splice/apps/wallet/src/main/openapi/wallet-internal.yaml',
  'wallet-external-main': 'splice/apps/wallet/src/main/openapi/wallet-external.yaml',
  /** Splice main's scan proxy and name service on the validator (multi-file, bundled on load). */
  'scan-proxy-main': 'splice/apps/validator/src/main/openapi/scan-proxy.yaml',
  'ans-main': 'splice/apps/validator/src/main/openapi/ans-external.yaml',
} as const;

export type SpecName = keyof typeof specFiles;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Operation = { requestBody?: JsonObject; responses?: Record<string, JsonObject> };
type SpecDocument = { paths: Record<string, Record<string, Operation>>; components?: JsonObject };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** OpenAPI 3.0 schema → JSON Schema, recursively. */
function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!isObject(node)) return node;
  const { nullable, oneOf, ...rest } = node;
  const converted: JsonObject = {};
  for (const [key, value] of Object.entries(rest)) converted[key] = toJsonSchema(value);
  if (Array.isArray(oneOf)) converted.anyOf = oneOf.map(toJsonSchema);
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}

const integerFormat = (bits: number) => ({
  type: 'number' as const,
  validate: (value: number) => Number.isInteger(value) && Math.abs(value) <= 2 ** (bits - 1),
});

function createAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  formats.default(ajv);
  ajv.addFormat('int32', integerFormat(32));
  ajv.addFormat('int64', integerFormat(64));
  for (const name of ['double', 'float'])
    ajv.addFormat(name, { type: 'number', validate: () => true });
  for (const name of ['binary', 'byte', 'password']) ajv.addFormat(name, () => true);
  return ajv;
}

type LoadedSpec = { readonly document: SpecDocument; readonly components: Json };
const specs = new Map<SpecName, LoadedSpec>();
// Keyed by the schema object of the parsed document, which stays the same for a given spec.
const validators = new WeakMap<object, ValidateFunction>();
const ajv = createAjv();

const readYaml = (url: URL): Json => parse(readFileSync(url, 'utf8')) as Json;

const pointerTarget = (root: Json, pointer: string): Json | undefined =>
  pointer
    .replace(/^\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Json | undefined>((at, part) => (isObject(at) ? at[part] : undefined), root);

/**
 * A multi-file spec as one document: a `$ref` into another file's components becomes a local
 * `#/components/<kind>/<name>` (the component is copied in, with its own references followed),
 * any other `$ref` into another file (a path item) is inlined.
 */
function bundleSpec(url: URL): SpecDocument {
  const documents = new Map<string, Json>();
  const documentAt = (at: URL): Json => {
    const loaded = documents.get(at.href) ?? readYaml(at);
    documents.set(at.href, loaded);
    return loaded;
  };
  const root = documentAt(url) as JsonObject;
  const components = (isObject(root.components) ? root.components : {}) as JsonObject;
  root.components = components;
  const internalize = (node: Json, base: URL): Json => {
    if (Array.isArray(node)) return node.map((item) => internalize(item, base));
    if (!isObject(node)) return node;
    const ref = node.$ref;
    if (typeof ref === 'string' && (!ref.startsWith('#') || base.href !== url.href)) {
      const [file = '', pointer = ''] = ref.split('#');
      const at = new URL(file, base);
      const target = pointerTarget(documentAt(at), pointer);
      if (target === undefined) throw new Error(`cannot resolve ${ref} from ${base.href}`);
      const component = pointer.match(/^\/components\/([^/]+)\/([^/]+)$/);
      if (!component) return internalize(target, at);
      const [, kind = '', name = ''] = component;
      const group = (components[kind] ?? {}) as JsonObject;
      components[kind] = group;
      if (!(name in group)) {
        group[name] = {};
        group[name] = internalize(target, at);
      }
      return { $ref: `#/components/${kind}/${name}` };
    }
    const converted: JsonObject = {};
    for (const [key, value] of Object.entries(node)) converted[key] = internalize(value, base);
    return converted;
  };
  const { components: _own, ...rest } = root;
  const document = internalize(rest, url) as JsonObject;
  for (const group of Object.values(components)) {
    if (!isObject(group)) continue;
    for (const name of Object.keys(group)) group[name] = internalize(group[name] ?? null, url);
  }
  return { ...document, components } as unknown as SpecDocument;
}

/**
 * Scan's ExercisedEvent declares `exercise_result` an object, yet it carries any Daml value:
 * Splice's compact_json renders a choice returning a contract id as a JSON string (the field is
 * circe's free-form Json in Splice). Validation takes the field for any value.
 */
function relaxDamlValueFields(name: SpecName, components: Json): Json {
  if (!name.startsWith('scan') || !isObject(components) || !isObject(components.schemas)) {
    return components;
  }
  const exercised = components.schemas.ExercisedEvent;
  if (isObject(exercised) && isObject(exercised.properties)) {
    exercised.properties.exercise_result = {};
  }
  return components;
}

function loadSpec(name: SpecName): LoadedSpec {
  const cached = specs.get(name);
  if (cached) return cached;
  const document = bundleSpec(new URL(specFiles[name], specRoot));
  const components = relaxDamlValueFields(name, toJsonSchema(document.components ?? {}));
  const loaded = { document, components };
  specs.set(name, loaded);
  return loaded;
}

function templateMatches(template: string, path: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(path);
}

/** The spec's path template for a concrete path; literal segments win over parameters. */
function findPathTemplate(document: SpecDocument, rawPath: string): string {
  const path = rawPath.split('?')[0] ?? rawPath;
  if (document.paths[path]) return path;
  const parameters = (template: string) => (template.match(/\{/g) ?? []).length;
  const candidates = Object.keys(document.paths)
    .filter((template) => templateMatches(template, path))
    .sort((a, b) => parameters(a) - parameters(b));
  const found = candidates[0];
  if (!found) throw new Error(`the spec has no path matching ${path}`);
  return found;
}

function resolveRef(spec: LoadedSpec, node: JsonObject): JsonObject {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<Json | undefined>(
      (at, part) => (isObject(at) ? at[part] : undefined),
      spec.document as unknown as Json,
    );
  if (!isObject(target)) throw new Error(`cannot resolve ${ref}`);
  return target;
}

const schemaOfContent = (content: Json | undefined): Json | undefined => {
  if (!isObject(content)) return undefined;
  const media = content['application/json'] ?? Object.values(content)[0];
  return isObject(media) ? media.schema : undefined;
};

function validatorFor(spec: LoadedSpec, schema: JsonObject): ValidateFunction {
  const cached = validators.get(schema);
  if (cached) return cached;
  const validate = ajv.compile({
    ...(toJsonSchema(schema) as JsonObject),
    components: spec.components,
  });
  validators.set(schema, validate);
  return validate;
}

const describeErrors = (errors: readonly ErrorObject[]) =>
  errors
    .map(
      (error) =>
        `  ${error.instancePath || '(body)'}: ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`,
    )
    .join('\n');

function check(label: string, spec: LoadedSpec, schema: Json | undefined, body: unknown): void {
  if (!isObject(schema)) throw new Error(`${label}: the spec gives no schema`);
  const validate = validatorFor(spec, schema);
  if (validate(body)) return;
  const name =
    isObject(schema) && typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : 'schema';
  const shown = JSON.stringify(body)?.slice(0, 2000);
  throw new Error(
    `${label}: body does not match the spec's ${name}:\n${describeErrors(validate.errors ?? [])}\nbody: ${shown}`,
  );
}

export type SpecResponse = {
  readonly spec: SpecName;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly body: unknown;
};

function operationOf(spec: LoadedSpec, method: string, path: string) {
  const template = findPathTemplate(spec.document, path);
  const operation = spec.document.paths[template]?.[method.toLowerCase()];
  if (!operation) throw new Error(`the spec has no ${method.toUpperCase()} ${template}`);
  return { template, operation };
}

/**
 * The response the spec declares for `status`. The Ledger API spec declares its 400 as the
 * text/plain decoding failure only, yet Canton answers a 400-category `DomainError` (say
 * INVALID_ARGUMENT) with the JSON error body: a JSON body then falls back to `default`.
 */
function declaredResponse(spec: LoadedSpec, operation: Operation, status: number, body: unknown) {
  const responses = operation.responses ?? {};
  const exact = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
  const resolved = exact ? resolveRef(spec, exact) : undefined;
  const content = resolved?.content;
  const textOnly = isObject(content) && !('application/json' in content);
  if (resolved && !(textOnly && typeof body !== 'string' && responses.default)) return resolved;
  return responses.default ? resolveRef(spec, responses.default) : undefined;
}

/** Throws, listing every mismatch, unless `body` is what the spec says `status` answers. */
export function expectMatchesSpec({ spec: name, method, path, status, body }: SpecResponse): void {
  const spec = loadSpec(name);
  const { template, operation } = operationOf(spec, method, path);
  const label = `${name} ${method.toUpperCase()} ${template} → ${status}`;
  const declared = declaredResponse(spec, operation, status, body);
  if (!declared) throw new Error(`${label}: the spec declares no such response`);
  const schema = schemaOfContent(declared.content);
  if (schema === undefined) {
    if (body === undefined || body === '') return;
    throw new Error(`${label}: the spec declares no body, got ${JSON.stringify(body)}`);
  }
  check(label, spec, schema, body);
}

/** Throws, listing every mismatch, unless `body` is a request body the spec accepts. */
export function expectRequestMatchesSpec(request: Omit<SpecResponse, 'status'>): void {
  const spec = loadSpec(request.spec);
  const { template, operation } = operationOf(spec, request.method, request.path);
  const label = `${request.spec} ${request.method.toUpperCase()} ${template} request`;
  const schema = operation.requestBody
    ? schemaOfContent(resolveRef(spec, operation.requestBody).content)
    : undefined;
  if (schema === undefined) throw new Error(`${label}: the spec declares no request body`);
  check(label, spec, schema, request.body);
}

/** Each operation with a JSON request body, and the name of that body's schema. */
export function jsonRequestBodies(
  name: SpecName,
): Array<{ method: string; path: string; schema: string }> {
  const { document } = loadSpec(name);
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) => {
      const schema = schemaOfContent(operation.requestBody?.content);
      const ref = isObject(schema) ? schema.$ref : undefined;
      return typeof ref === 'string' ? [{ method, path, schema: ref.split('/').pop() ?? ref }] : [];
    }),
  );
}
