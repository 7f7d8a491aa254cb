import {
  type LedgerHttp,
  ledgerEnd,
  readActiveContracts,
  readJson,
  readUpdates,
} from './ledger-http.ts';

/** What a reader of every party can observe of a node, to compare across a restart. */
export async function captureLedger(
  http: LedgerHttp,
  reader: { user: string; parties: readonly string[] },
) {
  const end = await ledgerEnd(http);
  return {
    ledgerEnd: end,
    flatUpdates: await readUpdates(http, reader, end, 'TRANSACTION_SHAPE_ACS_DELTA'),
    treeUpdates: await readUpdates(http, reader, end, 'TRANSACTION_SHAPE_LEDGER_EFFECTS'),
    activeContracts: await readActiveContracts(http, reader, end),
    parties: await readJson(await http.call('/v2/parties')),
    users: await readJson(await http.call('/v2/users')),
  };
}

export type LedgerCapture = Awaited<ReturnType<typeof captureLedger>>;
