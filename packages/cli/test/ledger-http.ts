import { mintDevToken } from '@pocketnet/gateway';

export const adminUser = 'participant_admin';
export const iouTemplate = '#pocketnet-examples:Iou:Iou';
export const iouTransferTemplate = '#pocketnet-examples:Iou:IouTransfer';

/** JSON over HTTP against a node, as a given user (tokens signed with the dev secret). */
export type LedgerHttp = {
  readonly url: string;
  call(path: string, init?: { body?: unknown; user?: string | null }): Promise<Response>;
};

export function createLedgerHttp(url: string): LedgerHttp {
  const tokens = new Map<string, Promise<string>>();
  const tokenOf = (userId: string) => {
    const cached = tokens.get(userId);
    if (cached !== undefined) return cached;
    const minted = mintDevToken({ userId });
    tokens.set(userId, minted);
    return minted;
  };
  return {
    url,
    async call(path, init = {}) {
      const user = init.user === undefined ? adminUser : init.user;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (user !== null) headers.authorization = `Bearer ${await tokenOf(user)}`;
      return fetch(`${url}${path}`, {
        method: init.body === undefined ? 'GET' : 'POST',
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    },
  };
}

export async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text}`);
  return JSON.parse(text) as T;
}

export async function allocateParty(http: LedgerHttp, hint: string): Promise<string> {
  const body = await readJson<{ partyDetails: { party: string } }>(
    await http.call('/v2/parties', { body: { partyIdHint: hint } }),
  );
  return body.partyDetails.party;
}

export async function createUser(
  http: LedgerHttp,
  userId: string,
  actAs: readonly string[],
): Promise<void> {
  const rights = actAs.map((party) => ({ kind: { CanActAs: { value: { party } } } }));
  const user = { id: userId, primaryParty: actAs[0] ?? '' };
  await readJson(await http.call('/v2/users', { body: { user, rights } }));
}

export const createIou = (iou: {
  issuer: string;
  owner: string;
  amount: string;
  currency: string;
}) => ({
  CreateCommand: { templateId: iouTemplate, createArguments: { ...iou, observers: [] } },
});

export const exercise = (
  templateId: string,
  contractId: string,
  choice: string,
  choiceArgument: unknown,
) => ({ ExerciseCommand: { templateId, contractId, choice, choiceArgument } });

export type Submission = {
  readonly commandId: string;
  readonly actAs: readonly string[];
  readonly commands: readonly unknown[];
};

export function submitAndWait(http: LedgerHttp, user: string, submission: Submission) {
  return http.call('/v2/commands/submit-and-wait', { user, body: submission });
}

export async function ledgerEnd(http: LedgerHttp): Promise<number> {
  return (await readJson<{ offset: number }>(await http.call('/v2/state/ledger-end'))).offset;
}

// Every template, with the created-event blobs, so that a comparison covers whole payloads.
const everythingOf = {
  cumulative: [
    { identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: true } } } },
  ],
};
const wildcardFor = (parties: readonly string[]) => ({
  filtersByParty: Object.fromEntries(parties.map((party) => [party, everythingOf])),
  verbose: true,
});

export type UpdateEnvelope = {
  update: {
    Transaction?: { value: TransactionJson };
    TopologyTransaction?: { value: { updateId: string; offset: number } };
  };
};

export type TransactionJson = {
  updateId: string;
  commandId: string;
  offset: number;
  events: Array<Record<string, { contractId: string; createArgument?: Record<string, unknown> }>>;
};

/** Every transaction and topology update of `parties` from the beginning up to `end`. */
export async function readUpdates(
  http: LedgerHttp,
  reader: { user: string; parties: readonly string[] },
  end: number,
  shape: 'TRANSACTION_SHAPE_ACS_DELTA' | 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
): Promise<UpdateEnvelope[]> {
  if (end === 0) return [];
  const updateFormat = {
    includeTransactions: { eventFormat: wildcardFor(reader.parties), transactionShape: shape },
    includeTopologyEvents: {
      includeParticipantAuthorizationEvents: { parties: [...reader.parties] },
    },
  };
  return readJson<UpdateEnvelope[]>(
    await http.call('/v2/updates', {
      user: reader.user,
      body: { beginExclusive: 0, endInclusive: end, updateFormat },
    }),
  );
}

export type ActiveContractJson = {
  contractEntry: {
    JsActiveContract: {
      createdEvent: {
        contractId: string;
        templateId: string;
        offset: number;
        createArgument: Record<string, unknown>;
      };
    };
  };
};

/** The active contracts of `parties` at `offset`. */
export async function readActiveContracts(
  http: LedgerHttp,
  reader: { user: string; parties: readonly string[] },
  offset: number,
): Promise<ActiveContractJson[]> {
  return readJson<ActiveContractJson[]>(
    await http.call('/v2/state/active-contracts', {
      user: reader.user,
      body: { activeAtOffset: offset, eventFormat: wildcardFor(reader.parties) },
    }),
  );
}

/** Offsets of a stream of updates, transactions and topology alike, in stream order. */
export function offsetsOf(updates: readonly UpdateEnvelope[]): number[] {
  return updates.map(
    ({ update }) =>
      update.Transaction?.value.offset ?? update.TopologyTransaction?.value.offset ?? Number.NaN,
  );
}
