import { fileURLToPath } from 'node:url';

/** `@/` is `src/`: imports name where a module lives instead of climbing `../../../`. */
export const srcAlias = { '@': fileURLToPath(new URL('../src', import.meta.url)) };
