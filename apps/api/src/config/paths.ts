import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The api workspace's folder, found by walking up from this module to the package.json named
 * `@portal/api`: the same answer whether the code runs from `src/` (tsx, tests) or from the
 * bundle in `dist/` that `npm start` runs.
 */
function findApiRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@portal/api') return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`no @portal/api package.json above ${from}`);
  }
}

export const apiRoot = findApiRoot(path.dirname(fileURLToPath(import.meta.url)));
export const repoRoot = path.resolve(apiRoot, '../..');
/** Where the portal keeps its embedded database and its files unless DATA_DIR says. */
export const defaultDataDir = path.join(repoRoot, 'data');
/** drizzle's SQL migrations, applied at start. */
export const migrationsFolder = path.join(apiRoot, 'drizzle');
