import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { seed } from '../src/db/seed/index';
import { adminQuery, withDatabaseName } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a migrated, seeded data-dir dump. PostgreSQL: the template database. */
    dbTemplate: string;
    /** The PostgreSQL server the files' databases are made on; '' for PGlite. */
    databaseUrl: string;
  }
}

/**
 * Migrates and seeds one database for the whole run, on the PostgreSQL at `url` or else in
 * PGlite; each test file copies it. Answers the teardown.
 */
export async function prepareTemplate(
  project: TestProject,
  url: string | undefined,
): Promise<() => Promise<void>> {
  project.provide('databaseUrl', url ?? '');
  if (url) {
    // One per project: the api and race projects of one run must not share (and drop) it.
    const template = `portal_tmpl_${project.name}_${process.pid}`;
    await adminQuery(url, `DROP DATABASE IF EXISTS ${template}`);
    await adminQuery(url, `CREATE DATABASE ${template}`);
    const database = await openDatabase({
      kind: 'pg',
      url: withDatabaseName(url, template),
      poolSize: 2,
    });
    await database.migrate();
    await seed(database.db, { demo: true });
    await database.close();
    project.provide('dbTemplate', template);
    return async () => {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    };
  }

  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seed(database.db, { demo: true });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
  const file = path.join(dir, 'template.tar.gz');
  const dump = await database.dump?.();
  if (!dump) throw new Error('PGlite could not dump its data dir');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('dbTemplate', file);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}

/** The embedded project: always PGlite, the database `npm start` runs on by default. */
export default function setup(project: TestProject) {
  return prepareTemplate(project, undefined);
}
