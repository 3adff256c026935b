import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDrawn } from '../use-drawn';

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

/** The browser draws a frame, then runs the tasks queued from it. */
const drawFrame = () =>
  act(() => {
    const due = frames;
    frames = [];
    for (const callback of due) callback(performance.now());
    vi.advanceTimersByTime(0);
  });

describe('useDrawn', () => {
  it('is false until the page as mounted has been drawn, then true', () => {
    const { result } = renderHook(() => useDrawn());
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(result.current).toBe(false);
    drawFrame();
    expect(result.current).toBe(true);
  });

  it('sets nothing once unmounted (the page left before it was drawn)', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result, unmount } = renderHook(() => useDrawn());
    unmount();
    drawFrame();
    expect(result.current).toBe(false);
    expect(errors).not.toHaveBeenCalled();
  });
});
