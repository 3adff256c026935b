import path from 'node:path';
import { PORTAL_ADDRESS_FILE, dataDirOf, readPortalAddress } from '../config/portal-address';
import type { OpsFailure } from '../modules/ops/index';

/**
 * Where the running portal is, and how that was found: PORTAL_URL, else PORT, else the address
 * the running portal left in its data directory, else the default port 3000.
 */
export function portalUrl(env: NodeJS.ProcessEnv = process.env): { url: string; from: string } {
  if (env.PORTAL_URL) return { url: env.PORTAL_URL, from: 'PORTAL_URL' };
  if (env.PORT) return { url: `http://127.0.0.1:${env.PORT}`, from: 'PORT' };
  const dataDir = dataDirOf(env);
  const left = readPortalAddress(dataDir);
  if (left)
    return {
      url: left,
      from: `the address the portal left in ${path.join(dataDir, PORTAL_ADDRESS_FILE)}`,
    };
  return {
    url: 'http://127.0.0.1:3000',
    from: 'the default port, as neither PORTAL_URL nor PORT is set and no running portal left its address',
  };
}

function failureText(data: Partial<OpsFailure>, status: number): string {
  const fields = data.fields?.map((f) => `  ${f.path}: ${f.message}`);
  const problems = data.problems?.map(
    (p) => `  row ${p.row}${p.id ? ` (${p.id})` : ''}, ${p.field}: ${p.message}`,
  );
  return [data.message ?? `HTTP ${status}`, ...(fields ?? []), ...(problems ?? [])].join('\n');
}

/** Calls the running server's operator API; throws with the server's explanation on failure. */
export async function callOps(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  route: string,
  body?: unknown,
): Promise<unknown> {
  const portal = portalUrl();
  const url = new URL(route, portal.url);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(process.env.OPS_API_KEY ? { 'x-ops-key': process.env.OPS_API_KEY } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new Error(
      `Cannot reach the portal at ${url.origin} (from ${portal.from}). Is it running ` +
        '(npm start)? Set PORTAL_URL to the address it printed.',
    );
  }
  const data = (await response.json().catch(() => ({}))) as Partial<OpsFailure>;
  if (!response.ok) throw new Error(failureText(data, response.status));
  return data;
}
