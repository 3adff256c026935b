import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from './embedded-postgres';
import { prepareTemplate } from './global-setup';
import { testDatabaseUrl } from './test-database';

/**
 * The api and race projects run on PostgreSQL, the production database: the server
 * TEST_DATABASE_URL names (CI's), or else one this run starts itself, so `npm test` runs them on
 * any machine. (PGlite serves one connection at a time: a race can never show on it.) The
 * embedded default gets its own project (vitest.embedded.config.ts).
 */
export default async function setup(project: TestProject) {
  const given = testDatabaseUrl();
  const server = given ? undefined : await startEmbeddedPostgres();
  try {
    const dropTemplate = await prepareTemplate(project, given ?? server?.url);
    return async () => {
      try {
        await dropTemplate();
      } finally {
        await server?.stop();
      }
    };
  } catch (err) {
    await server?.stop();
    throw err;
  }
}
