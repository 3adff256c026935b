import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { callDescriptorsPlugin } from './vite/call-descriptors-plugin.ts';

export default defineProject({
  plugins: [react(), callDescriptorsPlugin()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
  },
});
