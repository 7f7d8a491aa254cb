import type { ActiveContract } from '../contract.ts';
import type { RecordValue, Value } from '../value.ts';

/** What a created-event blob carries: enough to use the contract without seeing it. */
export type ContractBlobFields = Pick<
  ActiveContract,
  | 'contractId'
  | 'templateId'
  | 'packageName'
  | 'createArgument'
  | 'contractKey'
  | 'signatories'
  | 'observers'
  | 'createdAt'
>;

const blobVersion = 1;
const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

/** Base64 of a canonical JSON list of the contract's fields (opaque to clients). */
export function encodeContractBlob(contract: ContractBlobFields): string {
  const fields = [
    blobVersion,
    contract.contractId,
    contract.templateId,
    contract.packageName,
    contract.createArgument,
    contract.contractKey,
    contract.signatories,
    contract.observers,
    contract.createdAt,
  ];
  return Buffer.from(JSON.stringify(fields), 'utf8').toString('base64');
}

function isStringList(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isRecord(value: unknown): value is RecordValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseBlob(blob: string): unknown {
  if (blob.length === 0 || blob.length % 4 !== 0 || !base64Pattern.test(blob)) return undefined;
  try {
    return JSON.parse(Buffer.from(blob, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The fields of a blob made by `encodeContractBlob`, or null when it is not one. */
export function decodeContractBlob(blob: string): ContractBlobFields | null {
  const parsed = parseBlob(blob);
  if (!Array.isArray(parsed) || parsed.length !== 9 || parsed[0] !== blobVersion) return null;
  const [
    ,
    contractId,
    templateId,
    packageName,
    createArgument,
    contractKey,
    signatories,
    observers,
    createdAt,
  ] = parsed as unknown[];
  const wellFormed =
    typeof contractId === 'string' &&
    typeof templateId === 'string' &&
    typeof packageName === 'string' &&
    isRecord(createArgument) &&
    isStringList(signatories) &&
    isStringList(observers) &&
    typeof createdAt === 'string';
  if (!wellFormed) return null;
  return {
    contractId,
    templateId,
    packageName,
    createArgument,
    contractKey: (contractKey ?? null) as Value,
    signatories,
    observers,
    createdAt,
  };
}
