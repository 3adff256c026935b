import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { memberships } from '../../db/schema';

const run = promisify(execFile);
const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../portal.ts');

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const portal = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: { ...process.env, PORTAL_URL: url, ...env },
  });

describe('npm run portal -- issue-membership', () => {
  it('prints new membership numbers, one a line, stored for the issuer', async () => {
    const { stdout } = await portal([
      'issue-membership',
      '--issuer',
      'natwest',
      '--count',
      '3',
      '--holder',
      'Ann Lee',
    ]);
    const numbers = stdout.trim().split('\n');
    expect(numbers).toHaveLength(3);
    for (const n of numbers) expect(n).toMatch(/^\d{16}$/);
    const rows = await t.app.db
      .select()
      .from(memberships)
      .where(inArray(memberships.dpid, numbers));
    expect(rows.map((r) => r.issuer)).toEqual(['natwest', 'natwest', 'natwest']);
    expect(rows[0]?.holderName).toBe('Ann Lee');
  });

  it('fails clearly on bad input, an unknown command, or no server', async () => {
    const stderrOf = (args: string[], env?: Record<string, string>) =>
      portal(args, env).then(
        () => '(exited 0)',
        (err: { stderr: string }) => err.stderr,
      );
    expect(await stderrOf(['issue-membership'])).toContain('--issuer is required');
    expect(await stderrOf(['issue-membership', '--issuer', 'natwest', '--count', 'x'])).toContain(
      '--count must be',
    );
    expect(await stderrOf(['issue-membership', '--issuer', 'acme'])).toContain('issuer');
    expect(await stderrOf(['frobnicate'])).toContain('Unknown command');
    expect(
      await stderrOf(['issue-membership', '--issuer', 'natwest'], {
        PORTAL_URL: 'http://127.0.0.1:9',
      }),
    ).toContain('Cannot reach the portal');
  });
});
