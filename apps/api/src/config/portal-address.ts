import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

/** The file in DATA_DIR where a running portal leaves the address it can be reached at. */
export const PORTAL_ADDRESS_FILE = 'portal-address';

/** The data directory as the server chooses it (env DATA_DIR, else data/ in the repository). */
export const dataDirOf = (env: NodeJS.ProcessEnv): string =>
  env.DATA_DIR ?? path.join(repoRoot, 'data');

/**
 * The address this machine reaches a server listening on `host`:`port` at (a server listening
 * on every interface is reached on the loopback one).
 */
export function localAddress(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** Left by the server once it listens, so the CLI finds it on whatever port it took. */
export function recordPortalAddress(dataDir: string, address: string): void {
  try {
    fs.writeFileSync(path.join(dataDir, PORTAL_ADDRESS_FILE), `${address}\n`);
  } catch {
    // A read-only data directory: the CLI then asks for PORTAL_URL or PORT.
  }
}

/** Removed when the server stops, so a stale address is not tried. */
export function forgetPortalAddress(dataDir: string): void {
  fs.rmSync(path.join(dataDir, PORTAL_ADDRESS_FILE), { force: true });
}

export function readPortalAddress(dataDir: string): string | undefined {
  try {
    const text = fs.readFileSync(path.join(dataDir, PORTAL_ADDRESS_FILE), 'utf8').trim();
    return URL.canParse(text) ? text : undefined;
  } catch {
    return undefined;
  }
}
