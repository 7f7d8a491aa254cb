import { defineConfig } from 'vitest/config';
import { preset } from '../../../../vitest.preset.ts';

// `npm run test:reliability`: the crash, fault and overload scenarios of issue 12, one file at a
// time (they start whole networks of processes and kill them). Only `*.reliability.ts`: the
// shape and conformance tests of this folder run with `npm test`.
export default defineConfig({
  ...preset,
  test: {
    ...preset.test,
    include: ['test/reliability/**/*.reliability.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
