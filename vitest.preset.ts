import { defineConfig } from 'vitest/config';

// One preset for every workspace: sources resolve through the `development` export condition,
// so tests run against src/ without a build.
export const preset = defineConfig({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
