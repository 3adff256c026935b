import { defineProject } from 'vitest/config';

/**
 * The race tests (`*.race.test.ts`): always on PostgreSQL, the server TEST_DATABASE_URL names or
 * one the run starts itself (test/race-setup.ts), since PGlite serves one connection at a time.
 */
export default defineProject({
  test: {
    name: 'race',
    include: ['src/**/*.race.test.ts'],
    globalSetup: ['test/race-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
