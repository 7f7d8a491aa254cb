import { describe, expect, test } from 'vitest';
import {
  alice,
  bank,
  bob,
  carol,
  createdId,
  createIou,
  createTestLedger,
  exercise,
  iouId,
} from '../../testing/test-ledger.test-helper.ts';
import type { DisclosedContract } from '../commands.ts';
import { encodeContractBlob } from './contract-blob.ts';

function setUp() {
  const ledger = createTestLedger();
  const cid = createdId(ledger.submit({ actAs: [bank, alice], commands: [createIou()] }), 'Iou');
  const contract = ledger.store.lookup(cid);
  if (contract === undefined) throw new Error('the Iou was not stored');
  const disclosure: DisclosedContract = {
    templateId: iouId,
    contractId: cid,
    createdEventBlob: encodeContractBlob(contract),
    synchronizerId: null,
  };
  return { ledger, cid, disclosure };
}

describe('visibility', () => {
  test('a contract the submitters cannot see is reported as not found', () => {
    const { ledger, cid } = setUp();
    const error = ledger.reject({
      actAs: [bob],
      commands: [exercise(iouId, cid, 'Iou_Split', { splitAmount: '1' })],
    });
    expect(error.code).toBe('CONTRACT_NOT_FOUND');
    expect(error.message).toContain(cid);
  });

  test('readAs gives sight but not authority', () => {
    const { ledger, cid } = setUp();
    const error = ledger.reject({
      actAs: [bob],
      readAs: [alice],
      commands: [exercise(iouId, cid, 'Iou_Split', { splitAmount: '1' })],
    });
    expect(error.code).toBe('DAML_AUTHORIZATION_ERROR');
  });

  test('a disclosed contract can be used by a party that cannot see it', () => {
    const { ledger, cid, disclosure } = setUp();
    // Carol may not split alice's Iou, but the contract is found: the failure is about
    // authority, not existence.
    const error = ledger.reject({
      actAs: [carol],
      disclosed: [disclosure],
      commands: [exercise(iouId, cid, 'Iou_Split', { splitAmount: '1' })],
    });
    expect(error.code).toBe('DAML_AUTHORIZATION_ERROR');
  });

  test('a disclosed contract lets the stakeholders act without reading it themselves', () => {
    const { ledger, cid, disclosure } = setUp();
    const result = ledger.submit({
      actAs: [alice],
      disclosed: [disclosure],
      commands: [exercise(iouId, cid, 'Iou_Split', { splitAmount: '1' })],
    });
    expect(result.archived).toEqual([cid]);
  });

  test('a disclosed contract that is no longer active is not found', () => {
    const { ledger, cid, disclosure } = setUp();
    ledger.submit({ actAs: [alice, bank], commands: [exercise(iouId, cid, 'Archive')] });
    const error = ledger.reject({
      actAs: [carol],
      disclosed: [disclosure],
      commands: [exercise(iouId, cid, 'Iou_Split', { splitAmount: '1' })],
    });
    expect(error.code).toBe('CONTRACT_NOT_FOUND');
  });

  test('a blob that does not decode or does not match the contract is invalid', () => {
    const { ledger, cid, disclosure } = setUp();
    const submit = (blob: string, contractId = cid) =>
      ledger.reject({
        actAs: [carol],
        disclosed: [{ ...disclosure, contractId, createdEventBlob: blob }],
        commands: [],
      });
    expect(submit('not base64!').code).toBe('INVALID_ARGUMENT');
    expect(submit(Buffer.from('{"x":1}').toString('base64')).code).toBe('INVALID_ARGUMENT');
    const fields = JSON.parse(Buffer.from(disclosure.createdEventBlob, 'base64').toString('utf8'));
    fields[4].amount = '1000000.0000000000';
    const tampered = submit(Buffer.from(JSON.stringify(fields)).toString('base64'));
    expect(tampered).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(tampered.message).toContain('does not match');
    expect(submit(disclosure.createdEventBlob, `${cid.slice(0, -2)}ff`).code).toBe(
      'INVALID_ARGUMENT',
    );
  });

  test('a disclosure naming another template is invalid', () => {
    const { ledger, disclosure } = setUp();
    const error = ledger.reject({
      actAs: [carol],
      disclosed: [{ ...disclosure, templateId: '#pocketnet-examples:Iou:IouTransfer' }],
      commands: [],
    });
    expect(error.code).toBe('INVALID_ARGUMENT');
  });
});
