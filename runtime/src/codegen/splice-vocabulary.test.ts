import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spliceVocabularyOf } from './splice-vocabulary.ts';

const sharedDars = fileURLToPath(new URL('../../../../shared/dars/', import.meta.url));
const committed = fileURLToPath(
  new URL(
    '../../../packages/splice/src/vocabulary/splice-vocabulary.generated.ts',
    import.meta.url,
  ),
);

describe('the committed Splice vocabulary', () => {
  it("is exactly our generator's output over Splice 0.6.11's packages", () => {
    const generated = spliceVocabularyOf(sharedDars);
    // POCKETNET_WRITE_VOCABULARY=1 rewrites the committed file after a generator change.
    if (process.env.POCKETNET_WRITE_VOCABULARY === '1') writeFileSync(committed, generated);
    expect(readFileSync(committed, 'utf8')).toBe(generated);
  });
});
