import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const contract = (entry: string) =>
  fileURLToPath(new URL(`packages/api-contract/src/${entry}`, import.meta.url));

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // Tests run the TypeScript sources; the contract package resolves to its source too.
        resolve: { alias: { '@sasayaki/api-contract': contract('index.ts') } },
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          environment: 'node',
          // One migrated PostgreSQL database a run, copied for each test database (with TEST_POSTGRES_URL).
          globalSetup: ['apps/server/test/helpers/postgres-template.setup.ts'],
        },
      },
      {
        extends: true,
        plugins: [react()],
        resolve: { alias: { '@sasayaki/api-contract': contract('browser.ts') } },
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          css: false,
        },
      },
    ],
  },
});
