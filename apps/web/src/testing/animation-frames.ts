import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Fake timers, and the browser's animation frames held until the test draws one: `drawFrame()`
 * runs the callbacks asked for since the last frame (and nothing queued from them). Call it at a
 * test file's top level; every test starts with no frame asked for.
 */
export function holdAnimationFrames(): { drawFrame: () => void } {
  let frames: FrameRequestCallback[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  return {
    drawFrame: () => {
      const due = frames;
      frames = [];
      for (const callback of due) callback(performance.now());
    },
  };
}
