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
  iouPayload,
  iouTransferId,
  stranger,
} from '../../testing/test-ledger.test-helper.ts';
import { examplesPackage } from '../examples/examples-package.ts';
import type { CreatedNode, ExercisedNode } from '../transaction.ts';
import { decodeContractBlob, encodeContractBlob } from './contract-blob.ts';

const iouTemplateId = `${examplesPackage.packageId}:Iou:Iou`;

function issue(ledger: ReturnType<typeof createTestLedger>, overrides = {}): string {
  return createdId(
    ledger.submit({ actAs: [bank, alice], commands: [createIou(overrides)] }),
    'Iou',
  );
}

describe('creating an Iou', () => {
  test('records a created node with normalised payload, parties and blob', () => {
    const ledger = createTestLedger();
    const result = ledger.submit({
      actAs: [bank, alice],
      commands: [createIou({ observers: [carol] })],
    });
    expect(result.rootNodeIds).toEqual([0]);
    const node = result.nodes[0] as CreatedNode;
    expect(node).toMatchObject({
      kind: 'created',
      nodeId: 0,
      templateId: iouTemplateId,
      packageName: 'pocketnet-examples',
      createArgument: {
        issuer: bank,
        owner: alice,
        currency: 'USD',
        amount: '100.0000000000',
        observers: [carol],
      },
      contractKey: null,
      signatories: [alice, bank].sort(),
      observers: [carol],
      witnesses: [alice, bank, carol].sort(),
      createdAt: '2023-11-14T22:13:20.000001Z',
    });
    expect(result.created).toHaveLength(1);
    // The created contract is the node itself; its blob derives from the node's fields.
    expect(result.created[0]).toBe(node);
    const { kind, nodeId, witnesses, ...fields } = node;
    expect(decodeContractBlob(encodeContractBlob(node))).toEqual(fields);
    expect(result.archived).toEqual([]);
  });

  test('needs every signatory among the submitters', () => {
    const ledger = createTestLedger();
    const error = ledger.reject({ actAs: [bank], commands: [createIou({ owner: bob })] });
    expect(error.code).toBe('DAML_AUTHORIZATION_ERROR');
    expect(error.message).toContain(`missing ${bob}`);
  });

  test('fails the ensure clause for a non-positive amount', () => {
    const error = createTestLedger().reject({
      actAs: [bank, alice],
      commands: [createIou({ amount: '0' })],
    });
    expect(error.code).toBe('DAML_FAILURE');
    expect(error.message).toContain('amount must be positive');
  });

  test('rejects parties the ledger does not know', () => {
    const error = createTestLedger().reject({
      actAs: [bank, alice],
      commands: [createIou({ observers: [stranger] })],
    });
    expect(error.code).toBe('PARTY_NOT_KNOWN_ON_LEDGER');
  });

  test('names the path of a bad field', () => {
    const ledger = createTestLedger();
    const bad = ledger.reject({ actAs: [bank, alice], commands: [createIou({ amount: 'lots' })] });
    expect(bad).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'createArguments.amount: expected Numeric, got "lots"',
    });
    const missing = ledger.reject({
      actAs: [bank, alice],
      commands: [
        {
          kind: 'create',
          templateId: iouId,
          createArguments: { issuer: bank, owner: alice, amount: '1' },
        },
      ],
    });
    expect(missing.message).toBe('createArguments.currency: missing required field');
  });

  test('reports unknown templates, packages and choices', () => {
    const ledger = createTestLedger();
    const create = (templateId: string) =>
      ledger.reject({
        actAs: [bank],
        commands: [{ kind: 'create', templateId, createArguments: {} }],
      });
    expect(create('#pocketnet-examples:Iou:Nope').code).toBe('TEMPLATES_OR_INTERFACES_NOT_FOUND');
    expect(create('#no-such-package:Iou:Iou').code).toBe('PACKAGE_NOT_FOUND');
    expect(create(`${'ab'.repeat(32)}:Iou:Iou`).code).toBe('PACKAGE_NOT_FOUND');
    expect(create('Iou').code).toBe('INVALID_ARGUMENT');
    const cid = issue(ledger);
    expect(
      ledger.reject({ actAs: [alice], commands: [exercise(iouId, cid, 'Iou_Fly')] }).code,
    ).toBe('TEMPLATES_OR_INTERFACES_NOT_FOUND');
  });

  test('accepts the package-id form of a template id', () => {
    const ledger = createTestLedger();
    const result = ledger.submit({
      actAs: [bank, alice],
      commands: [{ kind: 'create', templateId: iouTemplateId, createArguments: iouPayload() }],
    });
    expect(result.created[0]?.templateId).toBe(iouTemplateId);
  });
});

describe('Iou choices', () => {
  test('split archives the Iou and creates two with the amounts, seen by the same parties', () => {
    const ledger = createTestLedger();
    const cid = issue(ledger, { observers: [carol] });
    const result = ledger.submit({
      actAs: [alice],
      commands: [exercise(iouId, cid, 'Iou_Split', { splitAmount: '30' })],
    });
    const [root, first, second] = result.nodes as [ExercisedNode, CreatedNode, CreatedNode];
    expect(root).toMatchObject({
      kind: 'exercised',
      nodeId: 0,
      contractId: cid,
      choice: 'Iou_Split',
      choiceArgument: { splitAmount: '30.0000000000' },
      actingParties: [alice],
      consuming: true,
      childNodeIds: [1, 2],
      lastDescendantNodeId: 2,
      interfaceId: null,
      witnesses: [alice, bank, carol].sort(),
      exerciseResult: { _1: first.contractId, _2: second.contractId },
    });
    expect(first.createArgument.amount).toBe('30.0000000000');
    expect(second.createArgument.amount).toBe('70.0000000000');
    expect(first.witnesses).toEqual([alice, bank, carol].sort());
    expect(result.archived).toEqual([cid]);
    expect(result.created.map((contract) => contract.contractId)).toEqual([
      first.contractId,
      second.contractId,
    ]);
  });

  test('only the owner controls a split', () => {
    const ledger = createTestLedger();
    const cid = issue(ledger);
    const error = ledger.reject({
      actAs: [bank],
      commands: [exercise(iouId, cid, 'Iou_Split', { splitAmount: '1' })],
    });
    expect(error.code).toBe('DAML_AUTHORIZATION_ERROR');
  });

  test('merge archives the other Iou and creates one with the sum', () => {
    const ledger = createTestLedger();
    const a = issue(ledger, { amount: '1.25' });
    const b = issue(ledger, { amount: '2.5' });
    const result = ledger.submit({
      actAs: [alice],
      commands: [exercise(iouId, a, 'Iou_Merge', { otherCid: b })],
    });
    expect(
      result.nodes.map((node) => [node.kind, node.contractId === a || node.contractId === b]),
    ).toEqual([
      ['exercised', true],
      ['exercised', true],
      ['created', false],
    ]);
    expect(result.nodes[1]).toMatchObject({
      choice: 'Archive',
      consuming: true,
      actingParties: [alice, bank].sort(),
    });
    expect(result.created[0]?.createArgument.amount).toBe('3.7500000000');
    expect(result.archived).toEqual([a, b]);
    expect(ledger.store.all()).toHaveLength(1);
  });

  test('merge refuses an Iou of another currency', () => {
    const ledger = createTestLedger();
    const a = issue(ledger);
    const b = issue(ledger, { currency: 'EUR' });
    const error = ledger.reject({
      actAs: [alice],
      commands: [exercise(iouId, a, 'Iou_Merge', { otherCid: b })],
    });
    expect(error.code).toBe('DAML_FAILURE');
  });

  test('transfer then accept moves the Iou to the new owner', () => {
    const ledger = createTestLedger();
    const cid = issue(ledger);
    const offered = ledger.submit({
      actAs: [alice],
      commands: [exercise(iouId, cid, 'Iou_Transfer', { newOwner: bob })],
    });
    const transferId = createdId(offered, 'IouTransfer');
    expect(offered.nodes[1]).toMatchObject({
      observers: [bob],
      witnesses: [alice, bank, bob].sort(),
    });
    expect(offered.nodes[0]?.witnesses).toEqual([alice, bank].sort());
    const accepted = ledger.submit({
      actAs: [bob],
      commands: [exercise(iouTransferId, transferId, 'IouTransfer_Accept')],
    });
    const newIou = createdId(accepted, 'Iou');
    expect(accepted.nodes[0]).toMatchObject({ actingParties: [bob], exerciseResult: newIou });
    expect(ledger.store.lookup(newIou)?.createArgument).toMatchObject({ owner: bob, issuer: bank });
    expect(ledger.store.lookup(newIou)?.signatories).toEqual([bank, bob].sort());
  });

  test('reject and cancel return the Iou to the owner; only the right party may', () => {
    const ledger = createTestLedger();
    const offer = () =>
      createdId(
        ledger.submit({
          actAs: [alice],
          commands: [exercise(iouId, issue(ledger), 'Iou_Transfer', { newOwner: bob })],
        }),
        'IouTransfer',
      );
    const rejected = ledger.submit({
      actAs: [bob],
      commands: [exercise(iouTransferId, offer(), 'IouTransfer_Reject')],
    });
    expect(rejected.created[0]?.createArgument.owner).toBe(alice);
    const second = offer();
    expect(
      ledger.reject({
        actAs: [bob],
        commands: [exercise(iouTransferId, second, 'IouTransfer_Cancel')],
      }).code,
    ).toBe('DAML_AUTHORIZATION_ERROR');
    const cancelled = ledger.submit({
      actAs: [alice],
      commands: [exercise(iouTransferId, second, 'IouTransfer_Cancel')],
    });
    expect(cancelled.created[0]?.createArgument.owner).toBe(alice);
  });

  test('add observer makes the new observer a witness of the new Iou', () => {
    const ledger = createTestLedger();
    const cid = issue(ledger);
    const result = ledger.submit({
      actAs: [alice],
      commands: [exercise(iouId, cid, 'Iou_AddObserver', { newObserver: carol })],
    });
    expect(result.nodes[0]?.witnesses).toEqual([alice, bank].sort());
    expect(result.nodes[1]).toMatchObject({
      observers: [carol],
      witnesses: [alice, bank, carol].sort(),
    });
  });

  test('create and exercise runs in one transaction with two root nodes', () => {
    const ledger = createTestLedger();
    const result = ledger.submit({
      actAs: [bank, alice],
      commands: [
        {
          kind: 'createAndExercise',
          templateId: iouId,
          createArguments: iouPayload(),
          choice: 'Iou_Split',
          choiceArgument: { splitAmount: '40' },
        },
      ],
    });
    expect(result.rootNodeIds).toEqual([0, 1]);
    expect(result.nodes[1]).toMatchObject({
      contractId: result.nodes[0]?.contractId,
      childNodeIds: [2, 3],
      lastDescendantNodeId: 3,
    });
    expect(result.created).toHaveLength(2);
    expect(result.archived).toEqual([result.nodes[0]?.contractId]);
  });
});

describe('contract lifecycle', () => {
  test('an archived contract is not found', () => {
    const ledger = createTestLedger();
    const cid = issue(ledger);
    ledger.submit({ actAs: [alice, bank], commands: [exercise(iouId, cid, 'Archive')] });
    const error = ledger.reject({
      actAs: [alice],
      commands: [exercise(iouId, cid, 'Iou_Split', { splitAmount: '1' })],
    });
    expect(error.code).toBe('CONTRACT_NOT_FOUND');
  });

  test('a contract consumed earlier in the same transaction is not found', () => {
    const ledger = createTestLedger();
    const cid = issue(ledger);
    const split = exercise(iouId, cid, 'Iou_Split', { splitAmount: '1' });
    expect(ledger.reject({ actAs: [alice], commands: [split, split] }).code).toBe(
      'CONTRACT_NOT_FOUND',
    );
  });

  test('a failing command leaves the contract store unchanged', () => {
    const ledger = createTestLedger();
    const cid = issue(ledger);
    const before = ledger.store.all();
    const error = ledger.reject({
      actAs: [alice],
      commands: [
        exercise(iouId, cid, 'Iou_Split', { splitAmount: '1' }),
        createIou({ owner: bob }),
      ],
    });
    expect(error.code).toBe('DAML_AUTHORIZATION_ERROR');
    expect(ledger.store.all()).toEqual(before);
    expect(
      ledger.submit({
        actAs: [alice],
        commands: [exercise(iouId, cid, 'Iou_Split', { splitAmount: '1' })],
      }).archived,
    ).toEqual([cid]);
  });
});
