import type { Caller, LedgerApiService, UpdateFormat } from '@pocketnet/runtime';
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
  node: LedgerApiService,
  caller: Caller,
  body: unknown,
) => Observable<unknown>;

/** An element of a stream and where it stands in it (an offset, or an index). */
export type Positioned = { readonly position: number; readonly element: unknown };

/**
 * A stream that can be read again from any position it has reached: `after` null reads it
 * from where the request asked, a position reads what follows that element, with no gap and
 * no duplicate. The WebSocket channel stops feeding a slow client and later reads on from the
 * last element it sent, instead of holding what the client has not read.
 */
export type ResumableStream = (after: number | null) => Observable<Positioned>;

/** Decodes the request (throwing what the request gets wrong) and opens its stream. */
export type ResumableEndpoint = (
  node: LedgerApiService,
  caller: Caller,
  body: unknown,
) => ResumableStream;

type Shape = 'ACS_DELTA' | 'LEDGER_EFFECTS';

function updates(node: LedgerApiService, caller: Caller, body: unknown, legacyShape: Shape) {
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
  // The update log is read by offset, so a stream resumes after the last offset it sent.
  return (after: number | null) =>
    node.reads.updates$(caller, format, {
      beginExclusive: after ?? request.beginExclusive,
      endInclusive: request.endInclusive ?? null,
    });
}

const flatUpdates: ResumableEndpoint = (node, caller, body) => {
  const updates$ = updates(node, caller, body, 'ACS_DELTA');
  return (after) =>
    updates$(after).pipe(
      map((view) => ({ position: view.record.offset, element: { update: renderUpdate(view) } })),
    );
};

const treeUpdates: ResumableEndpoint = (node, caller, body) => {
  const updates$ = updates(node, caller, body, 'LEDGER_EFFECTS');
  return (after) =>
    updates$(after).pipe(
      map((view) => ({ position: view.record.offset, update: renderTreeUpdate(view) })),
      filter(({ update }) => update !== null),
      map(({ position, update }) => ({ position, element: { update } })),
    );
};

const completions: ResumableEndpoint = (node, caller, body) => {
  const request = decode('CompletionStreamRequest', body);
  return (after) =>
    node.completions
      .completions$(caller, {
        ...(request.userId ? { userId: request.userId } : {}),
        parties: request.parties,
        beginExclusive: after ?? request.beginExclusive ?? 0,
      })
      .pipe(map((view) => ({ position: view.offset, element: renderCompletion(view) })));
};

const activeContracts: ResumableEndpoint = (node, caller, body) => {
  const request = decode('GetActiveContractsRequest', body);
  const format = request.eventFormat ?? { ...request.filter, verbose: request.verbose };
  const filter = toEventFilter(format as EventFormatJson, node.catalog);
  // One snapshot, read by index: resuming continues the same snapshot.
  const contracts = node.reads.activeContracts(caller, filter, request.activeAtOffset);
  return (after) =>
    from(contracts.slice(after ?? 0)).pipe(
      map((contract, index) => ({
        position: (after ?? 0) + index + 1,
        element: renderActiveContract(contract, ''),
      })),
    );
};

export const resumableEndpoints: Readonly<Record<string, ResumableEndpoint>> = {
  '/v2/updates': flatUpdates,
  '/v2/updates/flats': flatUpdates,
  '/v2/updates/trees': treeUpdates,
  '/v2/commands/completions': completions,
  '/v2/state/active-contracts': activeContracts,
};

/** Every stream from where its request asked, without positions: the HTTP list form. */
export const streamEndpoints: Readonly<Record<string, StreamEndpoint>> = Object.fromEntries(
  Object.entries(resumableEndpoints).map(([path, open]) => [
    path,
    (node: LedgerApiService, caller: Caller, body: unknown) =>
      open(node, caller, body)(null).pipe(map(({ element }) => element)),
  ]),
);
