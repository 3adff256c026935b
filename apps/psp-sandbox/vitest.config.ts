import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'psp-sandbox',
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
