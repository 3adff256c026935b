import { settingsFromEnv } from './settings';
import { startSandbox } from './start';

const settings = settingsFromEnv(process.env);
if (settings.usesDefaultApiKey) {
  console.warn(
    `psp-sandbox: PSP_API_KEY is not set; using the sandbox default "${settings.apiKey}". Set it for anything shared.`,
  );
}

const sandbox = await startSandbox({
  port: settings.port,
  host: settings.host,
  ...(settings.publicUrl === undefined ? {} : { publicUrl: settings.publicUrl }),
  apiKey: settings.apiKey,
  ...(settings.webhooks === undefined ? {} : { webhooks: settings.webhooks }),
  logger: true,
});

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await sandbox.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

console.log(`\n  Payment provider sandbox is running at ${sandbox.url}`);
console.log(`  Client API (give the SDK): ${sandbox.url}/client`);
console.log(`  Server API: ${sandbox.url}/v1/${sandbox.app.sandbox.merchantId}/`);
console.log(
  settings.webhooks
    ? `  Webhooks: POST ${settings.webhooks.url} (signed, X-Sandbox-Signature)\n`
    : '  Webhooks: off (set PSP_WEBHOOK_URL and PSP_WEBHOOK_SECRET)\n',
);
