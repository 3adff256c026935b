// The first load's start script is made from this file (vite/first-paint-plugin.ts): it stays
// self-contained, with no imports, and runs as it is once its types are stripped.

/**
 * The longest the start waits for the first paint: a page the browser shows but does not draw
 * (a window hidden behind others, a page prerendered) must still start.
 */
export const FIRST_PAINT_TIMEOUT_MS = 500;

/**
 * Runs a task once: when `waitFor` calls its `run`, or after `timeoutMs`, whichever is first; at
 * once in a tab the browser does not show (it draws nothing to wait for, and slows its timers).
 * `waitFor` starts the waiting and returns what stops it.
 */
export function runOnceDrawn(
  task: () => void,
  timeoutMs: number,
  waitFor: (run: () => void) => () => void,
): void {
  if (document.visibilityState === 'hidden') {
    task();
    return;
  }
  let done = false;
  let stop: (() => void) | undefined = undefined;
  const run = () => {
    if (done) return;
    done = true;
    window.clearTimeout(fallback);
    stop?.();
    task();
  };
  const fallback = window.setTimeout(run, timeoutMs);
  stop = waitFor(run);
  if (done) stop();
}

/**
 * Runs a task once the browser has shown the page's first content (its first-contentful-paint
 * entry, reported once the frame is on screen): the first load's code is run after the HTML's
 * first screen, never before it. At once in a tab the browser does not show, or in a browser
 * that does not report paints; after FIRST_PAINT_TIMEOUT_MS where no paint comes. Runs it once.
 */
export function afterFirstPaint(task: () => void): void {
  const reportsPaints =
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  if (!reportsPaints) {
    task();
    return;
  }
  runOnceDrawn(task, FIRST_PAINT_TIMEOUT_MS, (run) => {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) run();
    });
    // A tab put in the background before its first paint paints nothing more to wait for.
    const runIfHidden = () => {
      if (document.visibilityState === 'hidden') run();
    };
    document.addEventListener('visibilitychange', runIfHidden);
    // buffered: a paint made before this script ran is reported too.
    observer.observe({ type: 'paint', buffered: true });
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', runIfHidden);
    };
  });
}

/** What the HTML's first screen says when the app's code could not be loaded. */
export const LOAD_FAILED_TEXT =
  'We could not load the page. Check your connection, then reload the page.';

/**
 * The first load's code did not come (a dropped connection, a release replacing it): the HTML's
 * first screen says so, as an alert, instead of "Loading the page…" for ever. Leaves a page the
 * app has drawn alone.
 */
export function showLoadFailure(): void {
  const loading = document.querySelector('#root > .boot-loading');
  if (!loading) return;
  loading.textContent = LOAD_FAILED_TEXT;
  loading.setAttribute('role', 'alert');
}
