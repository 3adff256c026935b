import { runOnceDrawn } from './after-first-paint';

/**
 * The longest a task waits for a frame: a page the browser does not draw (a tab opened in the
 * background) gets no animation frames, and its task must still run.
 */
export const NEXT_PAINT_TIMEOUT_MS = 100;

/**
 * Runs a task once the browser has drawn what is on the page now: after its next animation
 * frame, in a task of its own (the frame is painted between them), or after
 * NEXT_PAINT_TIMEOUT_MS where no frame comes; at once in a tab the browser does not show. Runs it
 * once.
 */
export function afterNextPaint(task: () => void): void {
  runOnceDrawn(task, NEXT_PAINT_TIMEOUT_MS, (run) => {
    window.requestAnimationFrame(() => window.setTimeout(run, 0));
    return () => undefined;
  });
}
