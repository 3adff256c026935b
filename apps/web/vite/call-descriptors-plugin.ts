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
async function loadDescriptors(): Promise<string> {
  const { module } = await runnerImport<typeof Contract>('@portal/contract', {
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
  });
  return descriptorsSource(module);
}

/**
 * The module's text, compact because it is part of every page's first load: each call gives
 * only its path, auth, success state and its own error names; the names every call or every
 * member call can answer are added back when the module runs.
 */
export function descriptorsSource(contract: typeof Contract): string {
  const common: readonly string[] = contract.commonErrors;
  const member: readonly string[] = contract.memberErrors;
  const rows = Object.entries(contract.callDescriptors()).map(([name, d]) => {
    const shared = d.auth === 'member' ? [...common, ...member] : common;
    const own = d.errors.filter((e) => !shared.includes(e));
    return `${JSON.stringify(name)}:[${JSON.stringify(d.path)},${d.auth === 'member' ? 1 : 0},${JSON.stringify(d.successState)},${JSON.stringify(own)}]`;
  });
  return [
    `const common = ${JSON.stringify(common)};`,
    `const member = ${JSON.stringify([...common, ...member])};`,
    `const rows = {${rows.join(',')}};`,
    'export const callDescriptors = {};',
    'for (const [name, [path, isMember, successState, own]] of Object.entries(rows)) {',
    "  callDescriptors[name] = { name, path, auth: isMember ? 'member' : 'public', successState,",
    '    errors: [...(isMember ? member : common), ...own] };',
    '}',
  ].join('\n');
}

/**
 * Serves `virtual:call-descriptors`: every call's path, auth, success state and error names as
 * plain data, computed from the contract at build time. The browser then needs no zod schema
 * to make a call (the server validates and filters every payload and result with them).
 */
export function callDescriptorsPlugin(): Plugin {
  let source: Promise<string> | undefined;
  return {
    name: 'portal-call-descriptors',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load: async (id) => {
      if (id !== RESOLVED_ID) return undefined;
      source ??= loadDescriptors();
      return source;
    },
  };
}
