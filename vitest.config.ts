import { configDefaults, defineConfig } from 'vitest/config';

// Unit tests sit beside the code; API integration tests in tests/api run the
// real app over PGlite in memory, or over PostgreSQL when DATABASE_URL is set
// (npm run test:pg).
// Tests that need a database server beside a running shop (PGlite's directory
// is locked by the shop) are part of the run only when DATABASE_URL is set.
const serverOnly = [
  'tests/faults/rebuild.test.ts',
  'tests/faults/rebuild-timer.test.ts',
  'tests/faults/start-together.test.ts',
  'tests/faults/db-restart.test.ts',
  'tests/faults/scale-out.test.ts',
  'tests/faults/start-prod.test.ts',
];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'lint/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/faults/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env['DATABASE_URL'] ? [] : serverOnly)],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
