import { readFileSync } from 'node:fs';
import { readDar } from '@pocketnet/daml-lf';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { packageCacheUnderTest } from '../../testing/splice-dars-under-test.ts';
import {
  createSpliceDarsNode,
  sharedSpliceDars as set,
} from '../../testing/splice-node.test-helper.ts';
import type { PocketnetNode } from '../node/create-node.ts';
import { unrestrictedCaller } from '../services/caller.ts';

// Two `--splice-dars` nodes in one process (issue 21): the second reuses the first's decoded and
// checked packages (by package id, through the package cache both are handed), yet each node's
// packages, vetting, journal and undo log are its own.

const dummyHolding = new Uint8Array(
  readFileSync(
    new URL('../../../../shared/dars/splice-token-test-dummy-holding-0.0.3.dar', import.meta.url),
  ),
);
const dummyHoldingId = readDar(dummyHolding).mainPackageId;
const upload = { validateOnly: false, vetAllPackages: true };

let first: PocketnetNode;
let second: PocketnetNode;
beforeAll(async () => {
  first = await createSpliceDarsNode();
  second = await createSpliceDarsNode();
});
afterAll(async () => {
  await first.close();
  await second.close();
});

it("journals Splice's packages in each node, the second as the first", () => {
  for (const node of [first, second]) {
    const listed = node.packageAdmin.list(unrestrictedCaller).map((pkg) => pkg.packageId);
    expect(listed).toEqual(expect.arrayContaining(set.dars.map((dar) => dar.packageId)));
  }
  expect(second.packageAdmin.list(unrestrictedCaller)).toEqual(
    first.packageAdmin.list(unrestrictedCaller),
  );
});

it("keeps a user's upload to one node out of the other, and a rollback of it to that node", async () => {
  const mark = first.undo.mark();
  await first.packageAdmin.upload(unrestrictedCaller, dummyHolding, upload);
  expect(first.packageAdmin.status(unrestrictedCaller, dummyHoldingId)).toBe(true);
  // Checked through the cache the node was handed, which the second node's upload reuses.
  expect(packageCacheUnderTest.wasChecked(dummyHoldingId)).toBe(true);
  expect(second.packageAdmin.status(unrestrictedCaller, dummyHoldingId)).toBe(false);

  await second.packageAdmin.upload(unrestrictedCaller, dummyHolding, upload);
  expect(second.packageAdmin.status(unrestrictedCaller, dummyHoldingId)).toBe(true);
  const vetted = (node: PocketnetNode) =>
    node.packageAdmin
      .vetted(unrestrictedCaller, { packageMetadataFilter: { packageIds: [dummyHoldingId] } })
      .flatMap((each) => each.packages.map((pkg) => pkg.packageId));
  expect(vetted(second)).toEqual([dummyHoldingId]);

  first.undo.rollback(mark);
  first.undo.release(mark);
  expect(first.packageAdmin.status(unrestrictedCaller, dummyHoldingId)).toBe(false);
  expect(vetted(first)).toEqual([]);
  expect(second.packageAdmin.status(unrestrictedCaller, dummyHoldingId)).toBe(true);
  expect(vetted(second)).toEqual([dummyHoldingId]);
});
