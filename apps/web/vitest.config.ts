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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
  },
});
