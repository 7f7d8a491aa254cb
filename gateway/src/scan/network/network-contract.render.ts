import type { NetworkContract } from '@pocketnet/runtime';
import {
  renderContract,
  renderContractWithState,
  renderMaybeCachedContract,
} from '../render/contract.render.ts';

/** A contract of Scan's network view as `Contract`. */
export const contractOf = (contract: NetworkContract) => renderContract(contract.node);

/** …as `ContractWithState`, with the synchronizer it lives on. */
export const withState = (contract: NetworkContract) =>
  renderContractWithState(contract.node, contract.synchronizerId);

/** …as `MaybeCachedContractWithState`: without the contract when the caller has it cached. */
export const maybeCached = (contract: NetworkContract, cachedIds: ReadonlySet<string>) =>
  renderMaybeCachedContract(contract.node, {
    synchronizerId: contract.synchronizerId,
    cached: cachedIds.has(contract.node.contractId),
  });
