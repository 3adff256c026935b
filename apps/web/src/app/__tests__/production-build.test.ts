import path from 'node:path';
import { resolveConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';

/*
 * `npm start` builds the web before serving it. Vite keeps a NODE_ENV the shell exported, so with
 * NODE_ENV=development the build shipped React's development bundle (home JS 207 KB, not 145).
 */
const webRoot = path.resolve(import.meta.dirname, '../../..');
const testNodeEnv = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = testNodeEnv;
});

/** What `vite build` (its default mode and NODE_ENV: production) resolves, in a shell with this NODE_ENV. */
async function buildConfig(shellNodeEnv: string | undefined, mode?: string) {
  if (shellNodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = shellNodeEnv;
  return resolveConfig(
    {
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      logLevel: 'silent',
      ...(mode ? { mode } : {}),
    },
    'build',
    'production',
    'production',
  );
}

describe('finding: the web build follows the shell NODE_ENV into a development bundle', () => {
  it.each(['development', 'test', undefined])(
    'builds for production with NODE_ENV=%s in the shell',
    async (shellNodeEnv) => {
      const config = await buildConfig(shellNodeEnv);
      // isProduction picks the JSX runtime; NODE_ENV is what the bundle's process.env.NODE_ENV says.
      expect(config.isProduction).toBe(true);
      expect(process.env.NODE_ENV).toBe('production');
    },
  );

  it('still makes a development build when asked for with --mode development', async () => {
    const config = await buildConfig('development', 'development');
    expect(config.isProduction).toBe(false);
  });
});
