import { defineProject } from 'vitest/config';

/**
 * The race tests (`*.race.test.ts`): always on PostgreSQL, the server TEST_DATABASE_URL names or
 * one the run starts itself (test/postgres-setup.ts), since PGlite serves one connection at a time.
 */
export default defineProject({
  test: {
    name: 'race',
    include: ['src/**/*.race.test.ts'],
    globalSetup: ['test/postgres-setup.ts'],
    testTimeout: 30_000,
    // One file at a time: each holds a pool of up to ~55 connections for its racers, and two at
    // once could pass PostgreSQL's max_connections (100 by default): "too many clients".
    fileParallelism: false,
    hookTimeout: 60_000,
  },
});
