import { encodeContractBlob } from '@pocketnet/ledger';
import type { RegistryChoiceContext } from '@pocketnet/runtime';

// The token standard's own ChoiceContext and DisclosedContract shapes (not the Ledger API's
// nor Scan's): each disclosed contract carries its created-event blob, derived on demand.

type CreatedNode = RegistryChoiceContext['disclosed'][number];

export type RenderOptions = { readonly excludeDebugFields?: boolean | undefined };

export function renderDisclosedContract(
  node: CreatedNode,
  synchronizerId: string,
  options: RenderOptions,
) {
  const disclosed = {
    templateId: node.templateId,
    contractId: node.contractId,
    createdEventBlob: encodeContractBlob(node),
    synchronizerId,
  };
  if (options.excludeDebugFields === true) return disclosed;
  return {
    ...disclosed,
    debugPackageName: node.packageName,
    debugPayload: node.createArgument,
    debugCreatedAt: node.createdAt,
  };
}

/** `choiceContextData` is the JSON API encoding of the Daml `ChoiceContext`: `{values}`. */
export function renderChoiceContext(context: RegistryChoiceContext, options: RenderOptions) {
  return {
    choiceContextData: { values: context.values },
    disclosedContracts: context.disclosed.map((node) =>
      renderDisclosedContract(node, context.synchronizerId, options),
    ),
  };
}
