import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { memberships, products } from '../../db/schema';
import { NQY_PRODUCTS } from '../../../test/catalogue-fixtures';
import { maintenanceWindow } from '../../platform/maintenance';
import {
  forgetPortalAddress,
  localAddress,
  readPortalAddress,
  recordPortalAddress,
} from '../../config/portal-address';

const run = promisify(execFile);
const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../portal.ts');

let t: TestApp;
let url: string;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-cli-'));
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const portal = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: { ...process.env, PORTAL_URL: url, ...env },
  });

const stderrOf = (args: string[], env?: Record<string, string>) =>
  portal(args, env).then(
    () => '(exited 0)',
    (err: { stderr: string }) => err.stderr,
  );

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

describe('finding the running portal', () => {
  it('finds it by the address it left in its data directory, on whatever port it took', async () => {
    const dataDir = await fs.mkdtemp(path.join(dir, 'data-'));
    recordPortalAddress(dataDir, url);
    expect(readPortalAddress(dataDir)).toBe(url);
    const { stdout } = await portal(['issue-membership', '--issuer', 'rbs'], {
      PORTAL_URL: '',
      PORT: '',
      DATA_DIR: dataDir,
    });
    expect(stdout.trim()).toMatch(/^\d{16}$/);
    forgetPortalAddress(dataDir);
    expect(readPortalAddress(dataDir)).toBeUndefined();
  });

  it('says where it looked when the portal is not there', async () => {
    const byPort = await stderrOf(['issue-membership', '--issuer', 'natwest'], {
      PORTAL_URL: '',
      PORT: '9',
    });
    expect(byPort).toContain('Cannot reach the portal at http://127.0.0.1:9 (from PORT)');
    expect(byPort).toContain('Set PORTAL_URL');
    const dataDir = await fs.mkdtemp(path.join(dir, 'data-'));
    recordPortalAddress(dataDir, 'http://127.0.0.1:9');
    const byFile = await stderrOf(['issue-membership', '--issuer', 'natwest'], {
      PORTAL_URL: '',
      PORT: '',
      DATA_DIR: dataDir,
    });
    expect(byFile).toContain(
      `the address the portal left in ${path.join(dataDir, 'portal-address')}`,
    );
  });

  it('reaches a portal listening on every interface by the loopback one', () => {
    expect(localAddress('0.0.0.0', 4000)).toBe('http://127.0.0.1:4000');
    expect(localAddress('::', 4000)).toBe('http://127.0.0.1:4000');
    expect(localAddress('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(localAddress('::1', 3000)).toBe('http://[::1]:3000');
  });
});

describe('npm run portal -- set-maintenance', () => {
  it('sets the window and restores the default', async () => {
    const { stdout } = await portal([
      'set-maintenance',
      '--from',
      '2026-01-15T00:00:00Z',
      '--to',
      '2026-01-16T00:00:00Z',
      '--message',
      'Upgrading payments.',
    ]);
    expect(stdout).toContain('2026-01-15T00:00:00.000Z to 2026-01-16T00:00:00.000Z');
    expect(await maintenanceWindow(t.app.db)).toMatchObject({ message: 'Upgrading payments.' });
    const cleared = await portal(['set-maintenance', '--clear']);
    expect(cleared.stdout).toContain('(default): 2025-07-23T00:00:00Z to 2025-08-06T23:59:59Z');
  });

  it('explains what is missing or wrong', async () => {
    expect(await stderrOf(['set-maintenance'])).toContain('--from and --to are required');
    expect(
      await stderrOf([
        'set-maintenance',
        '--from',
        '2026-01-16T00:00:00Z',
        '--to',
        '2026-01-15T00:00:00Z',
      ]),
    ).toContain('to: must be after from');
    expect(await stderrOf(['set-maintenance', '--clear', '--from', 'x'])).toContain(
      '--clear takes no other option',
    );
  });
});

describe('npm run portal -- import-catalogue / export-catalogue', () => {
  it('imports a file and exports it back in the same shape', async () => {
    const file = path.join(dir, 'nqy.json');
    await fs.writeFile(file, JSON.stringify({ products: NQY_PRODUCTS }));
    const { stdout } = await portal(['import-catalogue', '--file', file]);
    expect(stdout).toBe('Imported 8 products at 1 airports: 8 new, 0 updated, 0 withdrawn.\n');
    const [row] = await t.app.db.select().from(products).where(eq(products.id, 'NQY-LNG-1'));
    expect(row?.name).toBe('Alpha Lounge');

    const out = path.join(dir, 'out.json');
    const exported = await portal(['export-catalogue', '--airport', 'NQY', '--file', out]);
    expect(exported.stdout).toBe(`Wrote 8 products to ${out}.\n`);
    const written = JSON.parse(await fs.readFile(out, 'utf8')) as { products: unknown[] };
    expect(written.products).toHaveLength(8);
    const again = await portal(['import-catalogue', '--file', out, '--replace']);
    expect(again.stdout).toContain('0 new, 8 updated, 0 withdrawn');
  });

  it('lists the bad rows of a file, and explains a missing or unreadable file', async () => {
    const file = path.join(dir, 'bad.json');
    await fs.writeFile(
      file,
      JSON.stringify([{ ...NQY_PRODUCTS[0], id: 'NQY-LNG-9', side: 'roof' }]),
    );
    const stderr = await stderrOf(['import-catalogue', '--file', file]);
    expect(stderr).toContain('nothing was imported');
    expect(stderr).toContain('row 0 (NQY-LNG-9), side:');
    expect(await stderrOf(['import-catalogue'])).toContain('--file is required');
    expect(await stderrOf(['import-catalogue', '--file', path.join(dir, 'none.json')])).toContain(
      'Cannot read',
    );
  });
});
