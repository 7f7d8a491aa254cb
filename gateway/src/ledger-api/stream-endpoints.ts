import type { Caller, PocketnetNode, UpdateFormat } from '@pocketnet/runtime';
import { filter, from, map, type Observable } from 'rxjs';
import { decodeLedgerRequest as decode } from '../http/decode-body.ts';
import {
  type EventFormatJson,
  toEventFilter,
  toTransactionFormat,
  toUpdateFormat,
} from './event-format.ts';
import { renderCompletion } from './render/completions.render.ts';
import { renderActiveContract } from './render/contracts.render.ts';
import { renderTreeUpdate, renderUpdate } from './render/updates.render.ts';

/**
 * The Ledger API's streaming operations. Each serves two transports: a WebSocket channel that
 * forwards every element, and an HTTP POST that answers with the elements as a list.
 */
export type StreamEndpoint = (
  node: PocketnetNode,
  caller: Caller,
  body: unknown,
) => Observable<unknown>;

type Shape = 'ACS_DELTA' | 'LEDGER_EFFECTS';

function updates(node: PocketnetNode, caller: Caller, body: unknown, legacyShape: Shape) {
  const request = decode('GetUpdatesRequest', body);
  // The legacy filter asks for reassignments too, with the same filter (Canton's mapping).
  const legacy = { ...(request.filter as EventFormatJson | undefined), verbose: request.verbose };
  const format: UpdateFormat = request.updateFormat
    ? toUpdateFormat(request.updateFormat, node.catalog)
    : {
        transactions: toTransactionFormat(undefined, node.catalog, {
          filter: request.filter as EventFormatJson | undefined,
          verbose: request.verbose,
          shape: legacyShape,
        }),
        topologyParties: null,
        reassignments: toEventFilter(legacy, node.catalog),
      };
  return node.reads.updates$(caller, format, {
    beginExclusive: request.beginExclusive,
    endInclusive: request.endInclusive ?? null,
  });
}

const flatUpdates: StreamEndpoint = (node, caller, body) =>
  updates(node, caller, body, 'ACS_DELTA').pipe(map((view) => ({ update: renderUpdate(view) })));

const treeUpdates: StreamEndpoint = (node, caller, body) =>
  updates(node, caller, body, 'LEDGER_EFFECTS').pipe(
    map(renderTreeUpdate),
    filter((update) => update !== null),
    map((update) => ({ update })),
  );

const completions: StreamEndpoint = (node, caller, body) => {
  const request = decode('CompletionStreamRequest', body);
  return node.completions
    .completions$(caller, {
      ...(request.userId ? { userId: request.userId } : {}),
      parties: request.parties,
      beginExclusive: request.beginExclusive ?? 0,
    })
    .pipe(map(renderCompletion));
};

const activeContracts: StreamEndpoint = (node, caller, body) => {
  const request = decode('GetActiveContractsRequest', body);
  const format = request.eventFormat ?? { ...request.filter, verbose: request.verbose };
  const filter = toEventFilter(format as EventFormatJson, node.catalog);
  const contracts = node.reads.activeContracts(caller, filter, request.activeAtOffset);
  return from(contracts.map((contract) => renderActiveContract(contract, '')));
};

export const streamEndpoints: Readonly<Record<string, StreamEndpoint>> = {
  '/v2/updates': flatUpdates,
  '/v2/updates/flats': flatUpdates,
  '/v2/updates/trees': treeUpdates,
  '/v2/commands/completions': completions,
  '/v2/state/active-contracts': activeContracts,
};
