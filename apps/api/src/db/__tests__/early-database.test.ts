import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEarlyDatabase, takeEarlyDatabase } from '../early-database';
import { PGliteThread } from '../pglite-thread';

/* The server starts its embedded database before reading its configuration (server.ts). */
describe('the embedded database started first', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-early-db-'));
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('is taken, once, for the data dir the configuration names, and answers', async () => {
    startEarlyDatabase({ DATA_DIR: dataDir });
    const thread = takeEarlyDatabase(path.join(dataDir, 'pglite'));
    expect(thread).toBeInstanceOf(PGliteThread);
    try {
      const answer = await thread?.query<{ one: number }>('select 1 as one');
      expect(answer?.rows).toEqual([{ one: 1 }]);
      expect(takeEarlyDatabase(path.join(dataDir, 'pglite'))).toBeUndefined();
    } finally {
      await thread?.close();
    }
  });

  it('is started once while it waits to be taken (the built server asks twice)', async () => {
    const start = vi.spyOn(PGliteThread, 'start');
    startEarlyDatabase({ DATA_DIR: dataDir });
    startEarlyDatabase({ DATA_DIR: dataDir });
    expect(start).toHaveBeenCalledTimes(1);
    const thread = takeEarlyDatabase(path.join(dataDir, 'pglite'));
    expect(thread).toBe(start.mock.results[0]?.value);
    await thread?.close();
  });

  it('is closed when the configuration names another database', async () => {
    const close = vi.spyOn(PGliteThread.prototype, 'close');
    startEarlyDatabase({ DATA_DIR: dataDir });
    expect(takeEarlyDatabase(path.join(dataDir, 'elsewhere'))).toBeUndefined();
    expect(close).toHaveBeenCalledTimes(1);
    await close.mock.results[0]?.value;
  });

  it('is not started when DATABASE_URL names a PostgreSQL', () => {
    startEarlyDatabase({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.example/portal' });
    expect(takeEarlyDatabase(path.join(dataDir, 'pglite'))).toBeUndefined();
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });
});
