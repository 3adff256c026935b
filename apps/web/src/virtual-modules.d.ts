/** Served by vite/call-descriptors-plugin.ts: every call's path, auth and errors, as plain data. */
declare module 'virtual:call-descriptors' {
  import type { CallDescriptors } from '@portal/contract';

  export const callDescriptors: CallDescriptors;
}
