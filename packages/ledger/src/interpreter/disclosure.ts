import type { DisclosedContract } from '../commands.ts';
import { DomainError } from '../errors.ts';
import { decodeContractBlob, encodeContractBlob } from './contract-blob.ts';
import type { InterpretInput } from './interpret.ts';

function invalidDisclosure(index: number, reason: string): DomainError {
  const path = `disclosedContracts[${index}]`;
  return new DomainError('INVALID_ARGUMENT', `${path}: ${reason}`, { details: { path } });
}

function checkTemplateId(
  input: InterpretInput,
  disclosed: DisclosedContract,
  blobTemplateId: string,
  index: number,
): void {
  if (disclosed.templateId === null || disclosed.templateId === '') return;
  const named = input.packages.resolveTemplate(disclosed.templateId);
  const actual = input.packages.templateById(blobTemplateId);
  const sameTemplate =
    named.templateId === blobTemplateId ||
    (actual !== undefined &&
      actual.packageName === named.packageName &&
      actual.definition.id.module === named.definition.id.module &&
      actual.definition.id.entity === named.definition.id.entity);
  if (!sameTemplate) {
    throw invalidDisclosure(
      index,
      `templateId ${disclosed.templateId} does not match the blob's ${blobTemplateId}`,
    );
  }
}

/**
 * The ids of the disclosed contracts that may be used: the blob must decode, name the same
 * contract and match the active contract of that id exactly. A disclosed contract that is no
 * longer active is left out, so using it fails as CONTRACT_NOT_FOUND.
 */
export function usableDisclosures(input: InterpretInput): Set<string> {
  const usable = new Set<string>();
  input.disclosed.forEach((disclosed, index) => {
    const fields = decodeContractBlob(disclosed.createdEventBlob);
    if (fields === null)
      throw invalidDisclosure(index, 'createdEventBlob is not a created-event blob');
    if (fields.contractId !== disclosed.contractId) {
      throw invalidDisclosure(
        index,
        `createdEventBlob is of contract ${fields.contractId}, not ${disclosed.contractId}`,
      );
    }
    checkTemplateId(input, disclosed, fields.templateId, index);
    const active = input.contracts.lookup(disclosed.contractId);
    if (active === undefined) return;
    if (encodeContractBlob(active) !== encodeContractBlob(fields)) {
      throw invalidDisclosure(
        index,
        `createdEventBlob does not match contract ${disclosed.contractId}`,
      );
    }
    usable.add(disclosed.contractId);
  });
  return usable;
}
