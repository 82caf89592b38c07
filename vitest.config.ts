import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code; API integration tests in tests/api run the
// real app over PGlite in memory, or over PostgreSQL when DATABASE_URL is set
// (npm run test:pg).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/faults/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
