import type { TemplateIdString } from './transaction.ts';
import type { RecordValue, Value } from './value.ts';

/**
 * An active contract: the fields of the created node that made it. The engine keeps that node
 * itself rather than a copy, and derives the created-event blob from these fields on demand.
 */
export type ActiveContract = {
  readonly contractId: string;
  readonly templateId: TemplateIdString;
  readonly packageName: string;
  readonly createArgument: RecordValue;
  readonly contractKey: Value | null;
  readonly signatories: readonly string[];
  readonly observers: readonly string[];
  readonly createdAt: string;
};

/** Read access to the active contracts while a command is interpreted. */
export type ContractStore = {
  lookup(contractId: string): ActiveContract | undefined;
  /** The active contract with this key, by template id (package-id form) and canonical key. */
  lookupByKey(templateId: TemplateIdString, key: Value): ActiveContract | undefined;
};
