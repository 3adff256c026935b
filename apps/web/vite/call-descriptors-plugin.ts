import { fileURLToPath } from 'node:url';
import type * as Contract from '@portal/contract';
import { runnerImport, type Plugin } from 'vite';

const VIRTUAL_PREFIX = 'virtual:call-descriptors/';
const RESOLVED_PREFIX = `\0${VIRTUAL_PREFIX}`;
/** The error names every call (and every member call) can answer, shared by the groups. */
const COMMON_GROUP = 'common';
const ROOT = fileURLToPath(new URL('..', import.meta.url));

let contract: Promise<typeof Contract> | undefined;

/**
 * The contract is TypeScript source: Node cannot import it while Vite loads its config, so it
 * is loaded through Vite's module runner, once, when a virtual module is first asked for.
 */
function loadContract(): Promise<typeof Contract> {
  contract ??= runnerImport<typeof Contract>('@portal/contract', {
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
  }).then(({ module }) => module);
  return contract;
}

/** The shared module: the error names common to every call and to every member call. */
export function commonSource(contract: typeof Contract): string {
  const common: readonly string[] = contract.commonErrors;
  const member: readonly string[] = contract.memberErrors;
  return [
    `export const common = ${JSON.stringify(common)};`,
    `export const member = ${JSON.stringify([...common, ...member])};`,
  ].join('\n');
}

/**
 * One group's module, compact because a group may be part of a page's first load: each call
 * gives only its path, auth, success state and its own error names; the names every call or
 * every member call can answer come from the shared module when it runs.
 */
export function groupSource(contract: typeof Contract, group: Contract.CallGroupName): string {
  const common: readonly string[] = contract.commonErrors;
  const member: readonly string[] = [...common, ...contract.memberErrors];
  const descriptors: Record<string, Contract.CallDescriptor> = contract.groupDescriptors(group);
  const rows = Object.entries(descriptors).map(([name, d]) => {
    const shared = d.auth === 'member' ? member : common;
    const own = d.errors.filter((e) => !shared.includes(e));
    return `${JSON.stringify(name)}:[${JSON.stringify(d.path)},${d.auth === 'member' ? 1 : 0},${JSON.stringify(d.successState)},${JSON.stringify(own)}]`;
  });
  return [
    `import { common, member } from '${VIRTUAL_PREFIX}${COMMON_GROUP}';`,
    `const rows = {${rows.join(',')}};`,
    'export const callDescriptors = {};',
    'for (const [name, [path, isMember, successState, own]] of Object.entries(rows)) {',
    "  callDescriptors[name] = { name, path, auth: isMember ? 'member' : 'public', successState,",
    '    errors: [...(isMember ? member : common), ...own] };',
    '}',
  ].join('\n');
}

/**
 * Serves `virtual:call-descriptors/<group>` (a group of the contract's `callGroups`): its calls'
 * path, auth, success state and error names as plain data, computed from the contract at build
 * time. The browser then needs no zod schema to make a call (the server validates and filters
 * every payload and result with them), and a page loads only the groups it calls.
 */
export function callDescriptorsPlugin(): Plugin {
  return {
    name: 'portal-call-descriptors',
    resolveId: (id) => (id.startsWith(VIRTUAL_PREFIX) ? `\0${id}` : undefined),
    load: async (id) => {
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      const group = id.slice(RESOLVED_PREFIX.length);
      const module = await loadContract();
      if (group === COMMON_GROUP) return commonSource(module);
      if (!Object.hasOwn(module.callGroups, group)) {
        throw new Error(`${VIRTUAL_PREFIX}${group}: the contract has no such call group`);
      }
      return groupSource(module, group as Contract.CallGroupName);
    },
  };
}
