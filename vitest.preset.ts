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
    // Test files share their workers: importing a whole node afresh for every file was half of
    // the gateway's test time. Nothing here keeps state in modules that one file could leak
    // into another (every test builds its own node).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
