import { defineConfig } from 'vitest/config';

// One preset for every workspace: sources resolve through the `development` export condition,
// so tests run against src/ without a build. `module-sync` resolves dual packages (graphql) to
// the ESM build as Node 24 does, so vite and Node's own imports share one instance.
const conditions = ['development', 'module-sync'];
export const preset = defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
