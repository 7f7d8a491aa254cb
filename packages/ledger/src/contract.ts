import type { TemplateIdString } from './transaction.ts';
import type { RecordValue, Value } from './value.ts';

/** An active contract as the engine stores it (the write side's view, not a projection). */
export type ActiveContract = {
  readonly contractId: string;
  readonly templateId: TemplateIdString;
  readonly packageName: string;
  readonly createArgument: RecordValue;
  readonly contractKey: Value | null;
  readonly signatories: readonly string[];
  readonly observers: readonly string[];
  readonly createdAt: string;
  readonly createdEventBlob: string;
  /** Offset of the transaction that created it. */
  readonly createdOffset: number;
};

/** Read access to the active contracts while a command is interpreted. */
export type ContractStore = {
  lookup(contractId: string): ActiveContract | undefined;
  /** The active contract with this key, by template id (package-id form) and canonical key. */
  lookupByKey(templateId: TemplateIdString, key: Value): ActiveContract | undefined;
};
