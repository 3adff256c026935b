import { defineProject } from 'vitest/config';
import { EMBEDDED_ONLY } from './vitest.embedded.config';

/**
 * The api suite, once, on PostgreSQL (the production database): the server TEST_DATABASE_URL
 * names, or one the run starts itself (test/postgres-setup.ts). The embedded PGlite default has
 * its own project (vitest.embedded.config.ts); races theirs (vitest.race.config.ts).
 */
export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PGlite's own start (its worker thread) is tested in the embedded project alone.
    exclude: ['**/node_modules/**', '**/*.race.test.ts', ...EMBEDDED_ONLY],
    globalSetup: ['test/postgres-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
