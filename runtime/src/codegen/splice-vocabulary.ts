import { decodeEnvelope, generateVocabulary, readDar } from '@pocketnet/daml-lf';
import { readNewestSpliceDar, readSpliceDarSet } from '../splice-dars/splice-dar-set.ts';
import { requiredSplicePackages } from '../splice-dars/splice-release-packages.ts';

/** The Splice release the committed vocabulary (`@pocketnet/splice`'s) is generated from. */
export const vocabularyRelease = '0.6.11';

/**
 * Packages our Splice models beyond those a devnet's genesis uploads: the token-standard
 * wallet utilities (MergeDelegation and its proposal).
 */
const modelledBeyondGenesis = ['splice-util-token-standard-wallet'] as const;

/**
 * The TypeScript vocabulary of a Splice release's packages in `dir` (checked to be that
 * release's): what `packages/splice/src/vocabulary/splice-vocabulary.generated.ts` holds.
 */
export function spliceVocabularyOf(dir: string, release = vocabularyRelease): string {
  const set = readSpliceDarSet(dir, release);
  const extra = modelledBeyondGenesis.map((name) => readNewestSpliceDar(dir, name));
  const packages = [...set.dars, ...extra].flatMap((dar) =>
    readDar(dar.bytes).archives.map((archive) => decodeEnvelope(archive)),
  );
  return generateVocabulary(
    `Splice ${release}`,
    [...requiredSplicePackages, ...modelledBeyondGenesis],
    packages,
  );
}
