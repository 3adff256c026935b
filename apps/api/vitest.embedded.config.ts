import { defineProject } from 'vitest/config';

/**
 * The embedded database `npm start` runs on by default (PGlite), for what that default needs:
 * its own start (the worker thread, an existing data dir), migrate and seed, and the main call of
 * each module. The whole api suite runs on PostgreSQL (vitest.config.ts); the e2e journeys run
 * the built portal on PGlite.
 */
export const EMBEDDED_ONLY = [
  'src/db/__tests__/early-database.test.ts',
  'src/db/__tests__/pglite-thread.test.ts',
];

export default defineProject({
  test: {
    name: 'embedded',
    include: [
      ...EMBEDDED_ONLY,
      'src/__tests__/boot.test.ts',
      'src/db/__tests__/seed.test.ts',
      'src/plugins/__tests__/every-call-served.test.ts',
      'src/modules/products/__tests__/product-calls.test.ts',
      'src/modules/login/__tests__/password-login.test.ts',
      'src/modules/account/__tests__/my-details.test.ts',
      'src/modules/membership/__tests__/buy.test.ts',
      'src/modules/prebooking/__tests__/prebooking-calls.test.ts',
      'src/modules/offers/__tests__/offers-calls.test.ts',
    ],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
