import { type ContractBlobFields, encodeContractBlob } from '@pocketnet/ledger';

/** Scan's `Contract` (common-external.yaml): a created contract as explorers and wallets read it. */
export type ScanContract = {
  readonly template_id: string;
  readonly contract_id: string;
  readonly payload: ContractBlobFields['createArgument'];
  readonly created_event_blob: string;
  readonly created_at: string;
};

/** Scan's `ContractWithState`: the contract and the synchronizer it is assigned to, if any. */
export type ScanContractWithState = {
  readonly contract: ScanContract;
  readonly domain_id?: string;
};

/** Scan's `MaybeCachedContractWithState`: the contract left out when the caller has it. */
export type ScanMaybeCachedContractWithState = {
  readonly contract?: ScanContract;
  readonly domain_id?: string;
};

/**
 * A contract as Scan serves it: the package-id form of its template, the create arguments in
 * compact JSON, and the blob a client passes back as a disclosed contract.
 */
export function renderContract(contract: ContractBlobFields): ScanContract {
  return {
    template_id: contract.templateId,
    contract_id: contract.contractId,
    payload: contract.createArgument,
    created_event_blob: encodeContractBlob(contract),
    created_at: contract.createdAt,
  };
}

const domainOf = (synchronizerId: string | null | undefined) =>
  synchronizerId ? { domain_id: synchronizerId } : {};

/** `domain_id` is left out for a contract in flight between synchronizers (null). */
export function renderContractWithState(
  contract: ContractBlobFields,
  synchronizerId: string | null | undefined,
): ScanContractWithState {
  return { contract: renderContract(contract), ...domainOf(synchronizerId) };
}

/** The caller's cached copy is current when it names this very contract: only the state then. */
export function renderMaybeCachedContract(
  contract: ContractBlobFields,
  options: { readonly synchronizerId: string | null | undefined; readonly cached: boolean },
): ScanMaybeCachedContractWithState {
  return {
    ...(options.cached ? {} : { contract: renderContract(contract) }),
    ...domainOf(options.synchronizerId),
  };
}
