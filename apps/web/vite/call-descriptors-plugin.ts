import { fileURLToPath } from 'node:url';
import type * as Contract from '@portal/contract';
import { runnerImport, type Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:call-descriptors';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The contract is TypeScript source: Node cannot import it while Vite loads its config, so it
 * is loaded through Vite's module runner, once, when the virtual module is first asked for.
 */
async function loadDescriptors(): Promise<Contract.CallDescriptors> {
  const { module } = await runnerImport<typeof Contract>('@portal/contract', {
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
  });
  return module.callDescriptors();
}

/**
 * Serves `virtual:call-descriptors`: every call's path, auth, success state and error names as
 * plain data, computed from the contract at build time. The browser then needs no zod schema
 * to make a call (the server validates and filters every payload and result with them).
 */
export function callDescriptorsPlugin(): Plugin {
  let descriptors: Promise<Contract.CallDescriptors> | undefined;
  return {
    name: 'portal-call-descriptors',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load: async (id) => {
      if (id !== RESOLVED_ID) return undefined;
      descriptors ??= loadDescriptors();
      return `export const callDescriptors = ${JSON.stringify(await descriptors)};`;
    },
  };
}
