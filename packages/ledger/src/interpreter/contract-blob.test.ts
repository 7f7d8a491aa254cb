import { describe, expect, test } from 'vitest';
import type { ActiveContract } from '../contract.ts';
import { decodeContractBlob, encodeContractBlob } from './contract-blob.ts';

const contract: ActiveContract = {
  contractId: `00${'ab'.repeat(32)}ca121220${'cd'.repeat(32)}`,
  templateId: 'pkg:Iou:Iou',
  packageName: 'pocketnet-examples',
  createArgument: { issuer: 'Bank::1220aa', owner: 'Alice::1220bb', amount: '1.0000000000' },
  contractKey: null,
  signatories: ['Alice::1220bb', 'Bank::1220aa'],
  observers: [],
  createdAt: '2026-01-01T00:00:00.000000Z',
};

describe('created-event blobs', () => {
  test('are the base64 of the JSON list of version and fields, a format clients keep', () => {
    const fields = [
      1,
      contract.contractId,
      contract.templateId,
      contract.packageName,
      contract.createArgument,
      contract.contractKey,
      contract.signatories,
      contract.observers,
      contract.createdAt,
    ];
    const blob = encodeContractBlob(contract);
    expect(blob).toBe(Buffer.from(JSON.stringify(fields), 'utf8').toString('base64'));
    expect(blob.startsWith('WzEs')).toBe(true);
  });

  test('derive from the fields alone: the same contract in another object, the same blob', () => {
    const node = { kind: 'created', nodeId: 3, witnesses: ['x'], ...structuredClone(contract) };
    expect(encodeContractBlob(node)).toBe(encodeContractBlob(contract));
    expect(decodeContractBlob(encodeContractBlob(node))).toEqual(contract);
  });
});
