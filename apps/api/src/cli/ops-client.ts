import type { OpsFailure } from '../modules/ops/index';
export function portalUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.PORTAL_URL ?? `http://127.0.0.1:${env.PORT ?? '3000'}`;
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
  path: string,
  body?: unknown,
): Promise<unknown> {
  const url = new URL(path, portalUrl());
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
    throw new Error(`Cannot reach the portal at ${url.origin}. Is it running (npm start)?`);
  }
  const data = (await response.json().catch(() => ({}))) as Partial<OpsFailure>;
  if (!response.ok) throw new Error(failureText(data, response.status));
  return data;
}
