import { exportCatalogue, importCatalogue } from './commands/catalogue';
import { issueMembership } from './commands/issue-membership';
import { setMaintenance } from './commands/set-maintenance';

const USAGE = `Usage: npm run portal -- <command> [options]

Commands:
  issue-membership --issuer <issuer> [--count N] [--holder "First Last"] [--card-type ID] [--expires YYYY-MM-DD]
      Issues new 16-digit membership numbers and prints them, one a line.
  set-maintenance --from <ISO instant> --to <ISO instant> [--message TEXT]
  set-maintenance --clear
      Sets the maintenance ribbon's window (e.g. --from 2026-03-01T22:00:00Z), or restores the default.
  import-catalogue --file <path.json> [--replace]
      Loads lounges, dining, spa and fast track from a JSON file ({"products": [...]}, the shape
      export-catalogue writes). --replace withdraws the other products of the airports in the file.
  export-catalogue [--airport IATA] [--kind lounge|dining|spa|fast-track] [--file <path.json>]
      Writes the active catalogue (or one airport's) as JSON, to the file or to stdout.

The server must be running: it is reached at PORTAL_URL (default http://127.0.0.1:$PORT, else port 3000).
In production, set OPS_API_KEY to the server's operator key.`;

const commands: Record<string, (args: string[]) => Promise<void>> = {
  'issue-membership': issueMembership,
  'set-maintenance': setMaintenance,
  'import-catalogue': importCatalogue,
  'export-catalogue': exportCatalogue,
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
