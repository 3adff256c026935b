import { defineProject } from 'vitest/config';

/** The api suite: PGlite, or the PostgreSQL that TEST_DATABASE_URL names. */
export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Races run in their own project, always on PostgreSQL (vitest.race.config.ts).
    exclude: ['**/node_modules/**', '**/*.race.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
