import { defineConfig } from 'vitest/config';
import { reporters } from './vitest.reporters.ts';

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/api',
      'apps/api/vitest.race.config.ts',
      'apps/api/vitest.embedded.config.ts',
      'apps/web',
      'apps/psp-sandbox',
    ],
    reporters: reporters('unit'),
    // Two cores; an api test file opens its own database (a PostgreSQL copy of the template, or
    // in the embedded project PGlite, ~0.5 GB), which fits.
    maxWorkers: 2,
  },
});
