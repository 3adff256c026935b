import { launchChromium } from '../../e2e/support/chromium';
import { measureHomeJs } from '../../e2e/support/home-js';
import type { RunningPortal } from '../../e2e/support/server';
import type { Measure } from '../budgets';

/** Every script the home page loads until the network is idle, gzipped (level 9), summed. */
export async function benchHomeJsSize(portal: RunningPortal): Promise<Measure[]> {
  const browser = await launchChromium();
  try {
    const bytes = await measureHomeJs(browser, portal.baseUrl);
    return [{ name: 'home page JavaScript gzip bytes', value: bytes }];
  } finally {
    await browser.close();
  }
}
