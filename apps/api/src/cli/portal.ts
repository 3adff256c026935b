import { parseArgs } from 'node:util';

const USAGE = `Usage: npm run portal -- <command> [options]

Commands:
  issue-membership --issuer <issuer> [--count N] [--holder "First Last"] [--card-type ID] [--expires YYYY-MM-DD]
      Issues new 16-digit membership numbers and prints them, one a line.

The server must be running: it is reached at PORTAL_URL (default http://127.0.0.1:$PORT, else port 3000).
In production, set OPS_API_KEY to the server's operator key.`;

export function portalUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.PORTAL_URL ?? `http://127.0.0.1:${env.PORT ?? '3000'}`;
}

interface OpsFailure {
  message?: string;
  errorMsg?: string;
  result?: { fields?: { path: string; message: string }[] };
}

async function callOps(path: string, body: unknown): Promise<unknown> {
  const url = new URL(path, portalUrl());
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(process.env.OPS_API_KEY ? { 'x-ops-key': process.env.OPS_API_KEY } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error(`Cannot reach the portal at ${url.origin}. Is it running (npm start)?`);
  }
  const data = (await response.json().catch(() => ({}))) as OpsFailure & Record<string, unknown>;
  if (!response.ok || data.errorMsg) {
    const fields = data.result?.fields?.map((f) => `  ${f.path}: ${f.message}`).join('\n');
    throw new Error(
      [data.message ?? data.errorMsg ?? `HTTP ${response.status}`, fields]
        .filter(Boolean)
        .join('\n'),
    );
  }
  return data;
}

async function issueMembership(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      issuer: { type: 'string' },
      count: { type: 'string', default: '1' },
      holder: { type: 'string' },
      'card-type': { type: 'string' },
      expires: { type: 'string' },
    },
    strict: true,
  });
  if (!values.issuer) throw new Error('--issuer is required (e.g. --issuer natwest).');
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 1000)
    throw new Error('--count must be a whole number from 1 to 1000.');
  const result = (await callOps('/ops-api/memberships/issue', {
    issuer: values.issuer,
    count,
    ...(values.holder ? { holder: values.holder } : {}),
    ...(values['card-type'] ? { cardType: values['card-type'] } : {}),
    ...(values.expires ? { expiresOn: values.expires } : {}),
  })) as { numbers: string[] };
  process.stdout.write(result.numbers.map((n) => `${n}\n`).join(''));
}

const commands: Record<string, (args: string[]) => Promise<void>> = {
  'issue-membership': issueMembership,
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === 'help') {
    console.log(USAGE);
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command: ${name}\n\n${USAGE}`);
    return 1;
  }
  try {
    await command(rest);
    return 0;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
