import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { srcAlias } from './vite/alias.ts';
import { callDescriptorsPlugin } from './vite/call-descriptors-plugin.ts';

export default defineProject({
  plugins: [react(), callDescriptorsPlugin()],
  resolve: { alias: srcAlias },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    // The first case of a file pays for its lazily loaded pages (4–6 s on 2 busy cores, seen in
    // CI): vitest's 5 s default made that a flake, not a finding.
    testTimeout: 20_000,
  },
});
