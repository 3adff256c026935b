import { defineConfig } from 'vitest/config';
import { reporters } from '../vitest.reporters.ts';
import { E2E_WORKERS } from './support/workers.ts';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Each worker has a server of its own (support/global-setup.ts), its files one after another.
    maxWorkers: E2E_WORKERS,
    fileParallelism: E2E_WORKERS > 1,
    reporters: reporters('e2e'),
  },
});
