import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Tests run the TypeScript sources; the contract package resolves to its source too.
    alias: {
      '@sasayaki/api-contract': fileURLToPath(new URL('packages/api-contract/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['apps/server/test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
