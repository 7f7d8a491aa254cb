import type { Command, SubmitRequest } from '../commands.ts';
import type { ContractStore } from '../contract.ts';
import { contractInFlight, inputContractsElsewhere, noSynchronizerFor } from './routing-errors.ts';
import type { SynchronizerState } from './synchronizer-state.ts';

/** What routing knows: the synchronizers connected (the default first) and where things are. */
export type RoutingContext = {
  readonly synchronizers: SynchronizerState;
  readonly connected: readonly string[];
};

const inputContractIds = (commands: readonly Command[]): string[] =>
  commands.flatMap((command) => (command.kind === 'exercise' ? [command.contractId] : []));

/** Whether a synchronizer is one the participant is connected to. */
export const isConnected = (context: RoutingContext, synchronizerId: string): boolean =>
  context.connected.includes(synchronizerId);

/** The connected synchronizers on which every one of `parties` is hosted. */
export function commonSynchronizers(context: RoutingContext, parties: readonly string[]): string[] {
  return context.connected.filter((synchronizerId) =>
    parties.every((party) => context.synchronizers.synchronizersOf(party).has(synchronizerId)),
  );
}

/**
 * The synchronizer a transaction is submitted to: the prescribed one (all submitters must be
 * hosted there), or else the one its submitters share, or among several the one its input
 * contracts are on, the default one first (Canton ranks synchronizers by priority likewise).
 */
export function routeTransaction(context: RoutingContext, request: SubmitRequest): string {
  const [defaultId = ''] = context.connected;
  const prescribed = request.synchronizerId || null;
  if (context.connected.length === 1) return prescribed ?? defaultId;
  const candidates = commonSynchronizers(context, request.actAs);
  if (prescribed !== null) {
    if (!candidates.includes(prescribed)) {
      throw noSynchronizerFor(
        `not every submitter is hosted on synchronizer ${prescribed}`,
        prescribed,
      );
    }
    return prescribed;
  }
  const [first] = candidates;
  if (first === undefined) {
    throw noSynchronizerFor('no connected synchronizer hosts all the submitters');
  }
  const inputs = new Set(
    inputContractIds(request.commands)
      .map((contractId) => context.synchronizers.locationOf(contractId).synchronizerId)
      .filter((synchronizerId) => synchronizerId !== null && candidates.includes(synchronizerId)),
  );
  return inputs.size === 1 ? ([...inputs][0] ?? first) : first;
}

/**
 * The active contracts as a transaction on `synchronizerId` may use them: a contract in flight
 * or on another synchronizer cannot be used. The store itself while nothing is elsewhere.
 */
export function contractsOn(
  store: ContractStore,
  context: RoutingContext & { readonly prescribed: boolean },
  synchronizerId: string,
): ContractStore {
  const { synchronizers } = context;
  if (synchronizers.tracked === 0 && synchronizerId === synchronizers.defaultSynchronizerId) {
    return store;
  }
  return {
    lookup(contractId) {
      const contract = store.lookup(contractId);
      if (contract === undefined) return undefined;
      const location = synchronizers.locationOf(contractId).synchronizerId;
      if (location === null) throw contractInFlight([contractId]);
      if (location === synchronizerId) return contract;
      if (context.prescribed) throw inputContractsElsewhere(synchronizerId, location);
      throw noSynchronizerFor(
        `input contract ${contractId} is on synchronizer ${location}, the submission is routed to ${synchronizerId}; reassign it first`,
        synchronizerId,
      );
    },
    lookupByKey: (templateId, key) => store.lookupByKey(templateId, key),
  };
}
