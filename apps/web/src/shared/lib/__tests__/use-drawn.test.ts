import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { holdAnimationFrames } from '@/testing/animation-frames';
import { useDrawn } from '../use-drawn';

const frames = holdAnimationFrames();

/** The browser draws a frame, then runs the tasks queued from it. */
const drawFrame = () =>
  act(() => {
    frames.drawFrame();
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
