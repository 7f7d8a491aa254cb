import { expect, test } from 'vitest';
import {
  alice,
  createdId,
  createIou,
  createTestLedger,
  exercise,
} from '../../testing/test-ledger.test-helper.ts';
import { testPackage } from '../../testing/test-package.test-helper.ts';
import { examplePackages } from '../examples/examples-package.ts';

test('a rolled-back archive leaves the contract active and no node behind', () => {
  const ledger = createTestLedger([...examplePackages, testPackage]);
  const iou = createdId(
    ledger.submit({ actAs: [alice], commands: [createIou({ issuer: alice })] }),
    'Iou',
  );
  const probe =
    ledger.submit({
      actAs: [alice],
      commands: [
        {
          kind: 'create',
          templateId: '#pocketnet-tests:Test:Probe',
          createArguments: { holder: alice, target: iou },
        },
      ],
    }).created[0]?.contractId ?? '';
  const result = ledger.submit({
    actAs: [alice],
    commands: [exercise('#pocketnet-tests:Test:Probe', probe, 'Probe_ArchiveRolledBack')],
  });
  expect(result.nodes).toHaveLength(1);
  expect(result.nodes[0]).toMatchObject({ childNodeIds: [], exerciseResult: true });
  expect(result.archived).toEqual([]);
  expect(ledger.store.lookup(iou)).toBeDefined();
});
