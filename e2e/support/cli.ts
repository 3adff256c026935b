import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './server';

const run = promisify(execFile);

/** Issues membership numbers with the operator CLI against a running portal (README). */
export async function issueMemberships(
  portalUrl: string,
  options: { issuer: string; holder?: string; count?: number },
): Promise<string[]> {
  const args = [
    '--import',
    'tsx',
    path.join(repoRoot, 'apps/api/src/cli/portal.ts'),
    'issue-membership',
    '--issuer',
    options.issuer,
    '--count',
    String(options.count ?? 1),
    ...(options.holder ? ['--holder', options.holder] : []),
  ];
  const { stdout } = await run(process.execPath, args, {
    cwd: path.join(repoRoot, 'apps/api'),
    env: { ...process.env, PORTAL_URL: portalUrl },
  });
  const numbers = stdout.split('\n').filter((line) => /^\d{16}$/.test(line.trim()));
  if (numbers.length !== (options.count ?? 1)) {
    throw new Error(`issue-membership printed no numbers:\n${stdout}`);
  }
  return numbers.map((n) => n.trim());
}
