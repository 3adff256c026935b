import { defineConfig } from 'vitest/config';
import { reporters } from '../vitest.reporters.ts';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One browser and one server: files run one after another.
    fileParallelism: false,
    reporters: reporters('e2e'),
  },
});
