import { describe, expect, it } from 'vitest';
import { encodeDalf } from '../src/encode/encode-package.ts';
import { decodeEnvelope, readArchive } from '../src/index.ts';
import { sharedPackages } from './shared-dars.ts';

describe('encoding packages', () => {
  it('decodes what it encodes, for every package of the shared DARs', () => {
    expect(sharedPackages().size).toBe(65);
    for (const pkg of sharedPackages().values()) {
      const envelope = readArchive(encodeDalf(pkg).archive);
      // Our bytes are mostly not Daml's (interned types, field order), so the payload may hash
      // to another id: read `self` as the original id, and the whole package must come back.
      expect(decodeEnvelope({ ...envelope, packageId: pkg.packageId })).toEqual(pkg);
    }
    // 65 packages (11 MB of DALFs) encoded, decoded and compared whole.
  }, 120_000);
});
