import type { Json } from './json-api-values.ts';

/** A Ledger API error: Canton's error id and its cause, with the HTTP status. */
export class LedgerApiError extends Error {
  override readonly name = 'LedgerApiError';
  readonly code: string;
  readonly status: number;
  /** The error's context and resources, by the node's detail names. */
  readonly details: Readonly<Record<string, string>>;
  constructor(
    status: number,
    code: string,
    message: string,
    details: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

function detailsOf(error: Json): Record<string, string> {
  const details: Record<string, string> = {};
  const context = error.context;
  if (typeof context === 'object' && context !== null && !Array.isArray(context)) {
    for (const [key, value] of Object.entries(context)) {
      if (typeof value === 'string') details[key] = value;
    }
  }
  const resources = Array.isArray(error.resources) ? error.resources : [];
  for (const resource of resources) {
    if (!Array.isArray(resource)) continue;
    const [kind, value] = resource;
    const name = typeof kind === 'string' ? detailNames[kind] : undefined;
    if (name !== undefined && typeof value === 'string') details[name] = value;
  }
  return details;
}

// Canton's resource names back to the node's detail names (the gateway renders one as the other).
const detailNames: Readonly<Record<string, string>> = {
  CONTRACT_ID: 'contractId',
  CONTRACT_KEY: 'contractKey',
  TEMPLATE_ID: 'templateId',
  INTERFACE_ID: 'interfaceId',
  PACKAGE_NAME: 'packageName',
};

/** Calls of a node's JSON Ledger API, its errors thrown as `LedgerApiError`. */
export function createJsonApiClient(options: {
  readonly url: string;
  readonly token?: string | undefined;
}) {
  const base = options.url.replace(/\/$/, '');
  const call = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const json = text ? parsed(text, response.ok) : {};
    if (!response.ok) {
      const error = (typeof json === 'object' && json !== null ? json : {}) as Json;
      const code = typeof error.code === 'string' ? error.code : `HTTP_${response.status}`;
      const cause = typeof error.cause === 'string' ? error.cause : text;
      throw new LedgerApiError(response.status, code, cause, detailsOf(error));
    }
    return json as Json;
  };
  const bytes = async (path: string): Promise<Uint8Array> => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${base}${path}`, { headers });
    if (!response.ok) throw new LedgerApiError(response.status, `HTTP_${response.status}`, path);
    return new Uint8Array(await response.arrayBuffer());
  };
  return { call, bytes };
}

/** A body as JSON; an error's body may be plain text (a proxy's, a refused request's). */
function parsed(text: string, ok: boolean): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (ok) throw error;
    return { cause: text };
  }
}
