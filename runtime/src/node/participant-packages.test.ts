import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { internalSubmission } from '@pocketnet/ledger';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalnetTestNode } from '../../testing/localnet-node.test-helper.ts';
import { unrestrictedCaller } from '../services/caller.ts';
import type { PocketnetNode } from './create-node.ts';
import { nodeOfParticipant } from './create-participant.ts';

// Packages are each participant's own (issue 22): a DAR uploaded to the app-provider's
// participant is neither listed nor vetted by the others until they are given it too.

const sharedDar = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../../../shared/dars/${name}`, import.meta.url)));
const dar = sharedDar('splice-api-featured-app-v1-1.0.0.dar');
const nodes: PocketnetNode[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function startLocalNet(dataDir: string | null) {
  const started = await createLocalnetTestNode({ dataDir });
  nodes.push(started.node);
  return started;
}

const upload = { validateOnly: false, vetAllPackages: true };
const vettedIds = (participant: Awaited<ReturnType<typeof startLocalNet>>['sv']) =>
  participant.packageAdmin
    .vetted(unrestrictedCaller, {})
    .flatMap((entry) => entry.packages.map((each) => each.packageId));

describe("each participant's packages", () => {
  it('lists and vets an upload only where it was uploaded, until another participant is given it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'participant-packages-'));
    dirs.push(dir);
    const { sv, provider, user } = await startLocalNet(dir);
    const before = new Set(sv.packageAdmin.list(unrestrictedCaller).map((p) => p.packageId));
    await provider.packageAdmin.upload(unrestrictedCaller, dar, upload);
    const uploaded = provider.packageAdmin
      .list(unrestrictedCaller)
      .map((p) => p.packageId)
      .filter((id) => !before.has(id));
    expect(uploaded.length).toBeGreaterThan(0);
    const [main] = uploaded;
    if (main === undefined) throw new Error('nothing uploaded');
    expect(vettedIds(provider)).toEqual(expect.arrayContaining(uploaded));
    for (const other of [sv, user]) {
      expect(other.packageAdmin.status(unrestrictedCaller, main)).toBe(false);
      expect(other.packageAdmin.list(unrestrictedCaller).map((p) => p.packageId)).not.toContain(
        main,
      );
      expect(vettedIds(other)).not.toContain(main);
    }

    // The app-user's own upload of the same DAR makes it its own, and a restart keeps both.
    await user.packageAdmin.upload(unrestrictedCaller, dar, upload);
    expect(user.packageAdmin.status(unrestrictedCaller, main)).toBe(true);
    expect(vettedIds(user)).toEqual(expect.arrayContaining(uploaded));
    await nodes.splice(0)[0]?.close();
    const again = await startLocalNet(dir);
    expect(again.user.packageAdmin.status(unrestrictedCaller, main)).toBe(true);
    expect(again.provider.packageAdmin.status(unrestrictedCaller, main)).toBe(true);
    expect(again.sv.packageAdmin.status(unrestrictedCaller, main)).toBe(false);
    expect(vettedIds(again.sv)).not.toContain(main);
  });

  it('refuses a transaction whose parties on another participant see a package that participant does not vet', async () => {
    const { provider, user } = await startLocalNet(null);
    await provider.packageAdmin.updateVetting(unrestrictedCaller, {
      changes: [{ operation: 'unvet', packages: [{ packageName: 'pocketnet-examples' }] }],
      dryRun: false,
      expectedSerial: null,
    });
    const alice = (await user.admin.allocateParty(unrestrictedCaller, { partyIdHint: 'alice' }))
      .party;
    const bob = (await provider.admin.allocateParty(unrestrictedCaller, { partyIdHint: 'bob' }))
      .party;
    const createIou = (observers: readonly string[], commandId: string) =>
      user.commands.submitAndWait(
        unrestrictedCaller,
        internalSubmission({
          userId: 'vetting-test',
          commandId,
          actAs: [alice],
          commands: [
            {
              kind: 'create',
              templateId: '#pocketnet-examples:Iou:Iou',
              createArguments: {
                issuer: alice,
                owner: alice,
                currency: 'USD',
                amount: '10.0',
                observers: [...observers],
              },
            },
          ],
        }),
      );
    await expect(createIou([], 'alone')).resolves.toMatchObject({ type: 'transaction' });
    await expect(createIou([bob], 'shown-to-bob')).rejects.toMatchObject({
      code: 'NO_SYNCHRONIZER_FOR_SUBMISSION',
      message: expect.stringContaining(provider.participant.participantId),
    });
  });

  it("resolves a package's names where it was uploaded only: elsewhere they are unknown, to reads and commands", async () => {
    const { node, sv, provider, user } = await startLocalNet(null);
    await provider.packageAdmin.upload(
      unrestrictedCaller,
      sharedDar('splice-token-test-dummy-holding-0.0.3.dar'),
      upload,
    );
    const name = 'splice-token-test-dummy-holding:Splice.Api.Token.Test.DummyHolding:DummyHolding';
    // The catalog the participant's gateway reads with.
    const catalogOf = (participant: typeof sv) => nodeOfParticipant(node, participant).catalog;
    expect(catalogOf(provider).keyOfReference(`#${name}`)).toBe(name);
    const packageId = provider.packageAdmin
      .list(unrestrictedCaller)
      .find((each) => each.name === 'splice-token-test-dummy-holding')?.packageId;
    expect(packageId).toBeDefined();
    const byId = `${packageId}${name.slice(name.indexOf(':'))}`;
    expect(catalogOf(provider).keyOfReference(byId)).toBe(name);
    for (const other of [sv, user]) {
      for (const reference of [`#${name}`, byId]) {
        await expect(
          Promise.resolve().then(() => catalogOf(other).keyOfReference(reference)),
        ).rejects.toMatchObject({ code: 'PACKAGE_NOT_FOUND' });
      }
    }
    const alice = (await user.admin.allocateParty(unrestrictedCaller, { partyIdHint: 'alice' }))
      .party;
    await expect(
      user.commands.submitAndWait(
        unrestrictedCaller,
        internalSubmission({
          userId: 'catalog-test',
          commandId: 'dummy',
          actAs: [alice],
          commands: [{ kind: 'create', templateId: `#${name}`, createArguments: {} }],
        }),
      ),
    ).rejects.toMatchObject({ code: 'PACKAGE_NOT_FOUND' });
  });

  it("checks an upload's upgrades against the packages of the participant it is uploaded to", async () => {
    const { provider, user } = await startLocalNet(null);
    await provider.packageAdmin.upload(
      unrestrictedCaller,
      sharedDar('splice-amulet-0.1.19.dar'),
      upload,
    );
    // The test DAR's splice-amulet 0.1.8 is no version of 0.1.19, which only the app-provider has.
    const walletTest = sharedDar('splice-wallet-test-0.1.8.dar');
    await expect(
      provider.packageAdmin.upload(unrestrictedCaller, walletTest, upload),
    ).rejects.toMatchObject({ code: 'DAR_NOT_VALID_UPGRADE' });
    await expect(
      user.packageAdmin.upload(unrestrictedCaller, walletTest, upload),
    ).resolves.toBeUndefined();
  });
});
