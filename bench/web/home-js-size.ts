import { gzipSync } from 'node:zlib';
import { launchChromium } from '../../e2e/support/chromium';
import { startPortal } from '../../e2e/support/server';
import type { Measure } from '../budgets';

/** Every script the home page loads until the network is idle, gzipped (level 9), summed. */
export async function benchHomeJsSize(): Promise<Measure[]> {
  const portal = await startPortal();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: portal.baseUrl });
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      void response
        .body()
        .then((body) => scripts.set(response.url(), gzipSync(body, { level: 9 }).length))
        .catch(() => undefined);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    return [{ name: 'home page JavaScript gzip bytes', value: total, unit: 'bytes' }];
  } finally {
    await browser.close();
    await portal.stop();
  }
}
