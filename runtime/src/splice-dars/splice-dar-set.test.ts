import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDar, buildPackage } from '@pocketnet/daml-lf';
import { afterEach, expect, it } from 'vitest';
import { readSpliceDarSet } from './splice-dar-set.ts';

// Which of a folder's DARs `--splice-dars` takes, and what it refuses (issue 21).

const sharedDars = fileURLToPath(new URL('../../../../shared/dars/', import.meta.url));
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function copyOfShared(skip: (file: string) => boolean = () => false): string {
  const folder = mkdtempSync(join(tmpdir(), 'pocketnet-splice-set-'));
  folders.push(folder);
  for (const file of readdirSync(sharedDars).filter((name) => name.endsWith('.dar') && !skip(name)))
    copyFileSync(join(sharedDars, file), join(folder, file));
  return folder;
}

it('takes the newest version of each required package, in upload order', () => {
  const set = readSpliceDarSet(sharedDars, '0.6.11');
  expect(set.dars.map((dar) => `${dar.name}-${dar.version}`)).toEqual([
    'splice-util-0.1.6',
    'splice-amulet-0.1.20',
    'splice-dso-governance-0.1.26',
    'splice-wallet-0.1.21',
    'splice-wallet-payments-0.1.20',
    'splice-amulet-name-service-0.1.21',
    'splice-validator-lifecycle-0.1.7',
    'splice-api-featured-app-v1-1.0.0',
    'splice-api-token-metadata-v1-1.0.0',
    'splice-api-token-holding-v1-1.0.0',
    'splice-api-token-transfer-instruction-v1-1.0.0',
    'splice-api-token-allocation-v1-1.0.0',
    'splice-api-token-allocation-request-v1-1.0.0',
    'splice-api-token-allocation-instruction-v1-1.0.0',
  ]);
  expect(set.dars[1]?.packageId).toBe(
    '23f47481dab6b1ec01339d6e14494d85bb2844c25f45b26fc5c9ef4cd4942d1f',
  );
});

it("refuses a package named as a release's whose id is another", () => {
  const folder = copyOfShared((file) => file.startsWith('splice-util-0'));
  const impostor = buildPackage({ name: 'splice-util', version: '0.1.6', modules: {} });
  writeFileSync(join(folder, 'splice-util-0.1.6.dar'), buildDar([impostor]));
  expect(() => readSpliceDarSet(folder, '0.6.11')).toThrow(
    `splice-util 0.1.6: package id ${impostor.pkg.packageId} is not Splice 0.6.11's 62a6fc80fc8ca84dd5f6b33c71f53dd35a02bc01784b8cbc7cbd283eb23863c0`,
  );
  // A release we know nothing of takes the newest found as it is.
  expect(readSpliceDarSet(folder).dars[0]?.packageId).toBe(impostor.pkg.packageId);
});

it('refuses a file that is no DAR, naming its package', () => {
  const folder = copyOfShared();
  writeFileSync(join(folder, 'splice-wallet-payments-0.1.99.dar'), 'not a zip');
  expect(() => readSpliceDarSet(folder)).toThrow(
    /^splice-wallet-payments 0\.1\.99: splice-wallet-payments-0\.1\.99\.dar is no valid DAR \(/,
  );
});
