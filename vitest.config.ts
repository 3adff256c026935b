import { defineConfig } from 'vitest/config';
import { reporters } from './vitest.reporters';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web'],
    reporters: reporters('unit'),
  },
});
