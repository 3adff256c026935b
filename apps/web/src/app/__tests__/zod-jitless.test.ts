import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

/*
 * The page's CSP allows no eval. Zod probes `new Function` when it makes its first object
 * schema, and the browser reports that as a CSP violation even though zod catches the error.
 */
describe("finding: zod's Function probe violates the page's CSP", () => {
  it('the entry imports the zod setup before any other module', async () => {
    const main = await fs.readFile(path.resolve(import.meta.dirname, '../../main.tsx'), 'utf8');
    const imports = main.split('\n').filter((line) => line.startsWith('import '));
    expect(imports[0]).toBe("import './app/zod-jitless';");
  });

  it('once the setup is imported, zod is jitless and contract schemas never call Function', async () => {
    const functionCalls = vi.spyOn(globalThis, 'Function');
    await import('../zod-jitless');
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);

    // Making the contract's schemas and parsing with them is where zod would probe and compile.
    const { calls } = await import('@portal/contract');
    expect(calls.faqList.payload.safeParse({ keyword: 'wifi' }).success).toBe(true);
    expect(calls.loungeFilter.payload.safeParse({ airportCode: 'LHR' }).success).toBe(true);
    expect(functionCalls).not.toHaveBeenCalled();
  });
});
