import { chromium } from 'playwright-core';
import { startPortal } from '../../e2e/support/server';
import { CHROMIUM_PATH } from '../../e2e/support/chromium';
import { DEMO, logInWithPassword } from '../../e2e/support/login';
const portal = await startPortal({});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const member = !!process.env.MEMBER;
if (member) {
  await page.goto(`${portal.baseUrl}${process.env.PAGE}`);
  await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor({ timeout: 30_000 });
  await logInWithPassword(page, DEMO.email, DEMO.password);
  await page.getByRole('heading', { name: 'Lounge Booking Details', level: 1 }).waitFor({ timeout: 30_000 });
  await page.goto('about:blank');
}
await page.setViewportSize({ width: 412, height: 823 });
await page.addInitScript(() => {
  const log: string[] = [];
  (window as any).__commits = log;
  let t = performance.now();
  (window as any).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject() { log.push('injected'); return 1; }, checkDCE() {},
    onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id: number, root: any) {
      
      let n = 0; const stack: any[] = [root.current.child];
      while (stack.length) { const c = stack.pop(); if (!c) continue; if (typeof c.type === 'function' && (c.alternate === null || c.memoizedProps !== c.alternate.memoizedProps || c.memoizedState !== c.alternate.memoizedState)) n++; stack.push(c.sibling, c.child); }
      const now = performance.now(); log.push(`${now.toFixed(0)} (+${(now - t).toFixed(0)}) rendered fibers ~${n} dur ${root.current.actualDuration ?? '?'}`); t = now;
    },
  };
});
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.goto(`${portal.baseUrl}${process.env.PAGE}`);
await page.waitForTimeout(6000);
console.log((await page.evaluate(() => (window as any).__commits)).join('\n'));
await browser.close(); await portal.stop(); process.exit(0);
