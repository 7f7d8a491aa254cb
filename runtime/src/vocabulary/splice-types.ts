import type { spliceVocabulary } from '@pocketnet/splice';
import type { ArgumentValue } from './typed-commands.ts';

// The generated Splice types runtime builds arguments from, by short names, in the encoding
// runtime writes them (ArgumentValue: Optional fields may be left out).

export type ContractId<T> = spliceVocabulary.ContractId<T>;
export type PaymentTransferContext =
  ArgumentValue<spliceVocabulary.splice_amulet.Splice.AmuletRules.PaymentTransferContext>;
export type TransferContext =
  ArgumentValue<spliceVocabulary.splice_amulet.Splice.AmuletRules.TransferContext>;
export type AppTransferContext =
  ArgumentValue<spliceVocabulary.splice_amulet.Splice.AmuletRules.AppTransferContext>;
export type TransferInput =
  ArgumentValue<spliceVocabulary.splice_amulet.Splice.AmuletRules.TransferInput>;
export type ChoiceContext =
  ArgumentValue<spliceVocabulary.splice_api_token_metadata_v1.Splice.Api.Token.MetadataV1.ChoiceContext>;
export type ExtraArgs =
  ArgumentValue<spliceVocabulary.splice_api_token_metadata_v1.Splice.Api.Token.MetadataV1.ExtraArgs>;
export type AnyValue =
  ArgumentValue<spliceVocabulary.splice_api_token_metadata_v1.Splice.Api.Token.MetadataV1.AnyValue>;
/** An operation of WalletAppInstall_ExecuteBatch. */
export type AmuletOperation =
  ArgumentValue<spliceVocabulary.splice_wallet.Splice.Wallet.Install.AmuletOperation>;

/**
 * A contract id as an id of an interface the contract implements (Daml's
 * `toInterfaceContractId`): the same id, typed for the interface's choices.
 */
export const toInterfaceContractId = <I>(contractId: string): ContractId<I> => contractId;
