import type { Typed } from '@pocketnet/ledger';
import { defineInterface, t } from '@pocketnet/ledger';
import { spliceApiTokenMetadataV1 } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedInterfaceToSplice } from '../vocabulary/tied-to-splice.ts';

// `splice-api-token-metadata-v1`, module Splice.Api.Token.MetadataV1. The maps of the 1.0.0
// release are TextMaps, so they travel as JSON objects.

export const metadataPackageName = 'splice-api-token-metadata-v1';
const moduleName = 'Splice.Api.Token.MetadataV1';

/** `Metadata{values: TextMap Text}`. */
export const metadataType = t.record({ values: t.textMap(t.text()) }, `${moduleName}:Metadata`);

export type AnyValue =
  | { readonly tag: 'AV_Text'; readonly value: string }
  | { readonly tag: 'AV_Int'; readonly value: string }
  | { readonly tag: 'AV_Decimal'; readonly value: string }
  | { readonly tag: 'AV_Bool'; readonly value: boolean }
  | { readonly tag: 'AV_Date'; readonly value: string }
  | { readonly tag: 'AV_Time'; readonly value: string }
  | { readonly tag: 'AV_RelTime'; readonly value: { readonly microseconds: string } }
  | { readonly tag: 'AV_Party'; readonly value: string }
  | { readonly tag: 'AV_ContractId'; readonly value: string }
  | { readonly tag: 'AV_List'; readonly value: readonly AnyValue[] }
  | { readonly tag: 'AV_Map'; readonly value: Readonly<Record<string, AnyValue>> };

/** The recursive `AnyValue` variant: lists and maps of itself. */
export const anyValueType: Typed<AnyValue> = t.named(`${moduleName}:AnyValue`, () =>
  t.variant(
    {
      AV_Text: t.text(),
      AV_Int: t.int64(),
      AV_Decimal: t.numeric(10),
      AV_Bool: t.bool(),
      AV_Date: t.date(),
      AV_Time: t.time(),
      AV_RelTime: t.relTime(),
      AV_Party: t.party(),
      AV_ContractId: t.contractId(`#${metadataPackageName}:${moduleName}:AnyContract`),
      AV_List: t.list(anyValueType),
      AV_Map: t.textMap(anyValueType),
    },
    `${moduleName}:AnyValue`,
  ),
);

/** `ChoiceContext{values: TextMap AnyValue}`: what a registry's off-ledger API hands to a choice. */
export const choiceContextType = t.record(
  { values: t.textMap(anyValueType) },
  `${moduleName}:ChoiceContext`,
);

/** `ExtraArgs{context, meta}`, the last argument of every token-standard choice. */
export const extraArgsType = t.record(
  { context: choiceContextType, meta: metadataType },
  `${moduleName}:ExtraArgs`,
);

export const choiceExecutionMetadataType = t.record(
  { meta: metadataType },
  `${moduleName}:ChoiceExecutionMetadata`,
);

export type Metadata = { readonly values: Readonly<Record<string, string>> };
export type ChoiceContext = { readonly values: Readonly<Record<string, AnyValue>> };
export type ExtraArgs = { readonly context: ChoiceContext; readonly meta: Metadata };

export const emptyMetadata: Metadata = { values: {} };
export const emptyExtraArgs: ExtraArgs = { context: { values: {} }, meta: emptyMetadata };

/** Never implemented: `ContractId AnyContract` is how the standard passes "some contract". */
export const anyContractInterface = tiedInterfaceToSplice(
  spliceApiTokenMetadataV1['Splice.Api.Token.MetadataV1'].AnyContract,
  defineInterface({
    id: { packageName: metadataPackageName, module: moduleName, entity: 'AnyContract' },
    view: t.record({}, `${moduleName}:AnyContractView`),
  }),
  {},
);

/** A registry app installed by an app user; carries the user-specific off-ledger API metadata. */
export const registryAppInstallInterface = defineInterface({
  id: { packageName: metadataPackageName, module: moduleName, entity: 'RegistryAppInstall' },
  view: t.record(
    { appUser: t.party(), instrumentAdmin: t.party(), meta: metadataType },
    `${moduleName}:RegistryAppInstallView`,
  ),
});
