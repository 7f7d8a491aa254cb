import { mintDevToken } from '@pocketnet/gateway';

export type Answer<T = Record<string, unknown>> = { readonly status: number; readonly body: T };

const tokens = new Map<string, Promise<string>>();

/** A dev token (the `unsafe` HS256 secret every test network uses) for a user, minted once. */
export function tokenOf(userId: string): Promise<string> {
  let token = tokens.get(userId);
  if (token === undefined) {
    token = mintDevToken({ userId, expiresInSeconds: 24 * 3600 });
    tokens.set(userId, token);
  }
  return token;
}

/** Calls `base + path` as `user` (JSON in, JSON or text out); never throws on a status. */
export async function callAs<T = Record<string, unknown>>(
  base: string,
  path: string,
  init: { user?: string; body?: unknown; method?: string } = {},
): Promise<Answer<T>> {
  const token = await tokenOf(init.user ?? 'participant_admin');
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Plain text (a 400 of the Ledger API, /readyz).
  }
  return { status: response.status, body: body as T };
}

/** As callAs, but the answer must be 200: its body. */
export async function ok<T = Record<string, unknown>>(
  base: string,
  path: string,
  init: { user?: string; body?: unknown; method?: string } = {},
): Promise<T> {
  const answer = await callAs<T>(base, path, init);
  if (answer.status !== 200) {
    throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/** Polls `read` until `done` holds of its value (or `timeoutMs` passes); the last value. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resume) => setTimeout(resume, 50));
  }
}

type Filter = { filtersByParty: Record<string, { cumulative: unknown[] }>; verbose: boolean };

/** Every template of `parties`, with created-event blobs, as updates and ACS reads take it. */
export function everythingOf(parties: readonly string[]): Filter {
  const wildcard = {
    cumulative: [
      { identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: true } } } },
    ],
  };
  return {
    filtersByParty: Object.fromEntries(parties.map((party) => [party, wildcard])),
    verbose: true,
  };
}

/** The `/v2/updates` request for `parties` after `beginExclusive` (streaming on when unbounded). */
export function updatesRequest(parties: readonly string[], beginExclusive: number, end?: number) {
  return {
    beginExclusive,
    ...(end === undefined ? {} : { endInclusive: end }),
    updateFormat: {
      includeTransactions: {
        eventFormat: everythingOf(parties),
        transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
      },
      includeTopologyEvents: { includeParticipantAuthorizationEvents: { parties } },
    },
  };
}

export type UpdateMessage = {
  update: {
    Transaction?: { value: { updateId: string; commandId: string; offset: number } };
    TopologyTransaction?: { value: { updateId: string; offset: number } };
    OffsetCheckpoint?: { value: { offset: number } };
  };
};

/** The offset of a streamed update (NaN for a checkpoint). */
export const offsetOf = ({ update }: UpdateMessage) =>
  update.Transaction?.value.offset ?? update.TopologyTransaction?.value.offset ?? Number.NaN;
