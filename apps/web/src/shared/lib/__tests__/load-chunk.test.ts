import { describe, expect, it, vi } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { loadChunk } from '../load-chunk';

describe('loadChunk', () => {
  it('returns the module and clears the reload flag', async () => {
    storage.set('chunkReload', true);
    await expect(loadChunk(() => Promise.resolve({ ok: 1 }))).resolves.toEqual({ ok: 1 });
    expect(storage.get('chunkReload')).toBeUndefined();
  });

  it('reloads the page once when a chunk fails, then gives up', async () => {
    const reload = vi.fn();
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));

    void loadChunk(failing, { reload });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(storage.get('chunkReload')).toBe(true);

    await expect(loadChunk(failing, { reload })).rejects.toThrow('dynamically imported');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('treats a chunk that takes too long as failed', async () => {
    vi.useFakeTimers();
    try {
      const reload = vi.fn();
      void loadChunk(() => new Promise(() => undefined), { reload, timeoutMs: 1000 });
      await vi.advanceTimersByTimeAsync(1001);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
