import { describe, expect, it, vi } from 'vitest';
import { holdAnimationFrames } from '@/testing/animation-frames';
import { afterNextPaint, NEXT_PAINT_TIMEOUT_MS } from '../after-next-paint';

/** The browser draws a frame: the callbacks asked for it run. */
const { drawFrame } = holdAnimationFrames();

describe('afterNextPaint', () => {
  it('runs the task in a task of its own after the next frame, not before', () => {
    const task = vi.fn();
    afterNextPaint(task);
    vi.advanceTimersByTime(0);
    expect(task).not.toHaveBeenCalled();
    drawFrame();
    // The frame is painted before the task queued from it.
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
    // Its deadline passing later does not run it again.
    vi.advanceTimersByTime(NEXT_PAINT_TIMEOUT_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task by its deadline where no frame comes (a tab in the background), once', () => {
    const task = vi.fn();
    afterNextPaint(task);
    vi.advanceTimersByTime(NEXT_PAINT_TIMEOUT_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    // The frame comes once the tab is shown: the task has run already.
    drawFrame();
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task at once in a tab the browser does not show', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const task = vi.fn();
    afterNextPaint(task);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(NEXT_PAINT_TIMEOUT_MS);
    drawFrame();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
