import { CHUNK_LOAD_TIMEOUT_MS } from '@portal/contract';
import { storage } from '../storage/storage';

export class ChunkLoadTimeoutError extends Error {
  override readonly name = 'ChunkLoadTimeoutError';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadTimeoutError(`No answer after ${ms} ms`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export interface LoadChunkOptions {
  timeoutMs?: number;
  reload?: () => void;
}

/**
 * Loads a lazy route chunk. A chunk that fails or hangs (usually a deploy replaced it)
 * reloads the page once; the session flag stops a reload loop and is cleared on success.
 */
export async function loadChunk<T>(
  importer: () => Promise<T>,
  {
    timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
    reload = () => window.location.reload(),
  }: LoadChunkOptions = {},
): Promise<T> {
  try {
    const module = await withTimeout(importer(), timeoutMs);
    storage.remove('chunkReload');
    return module;
  } catch (error) {
    // Offline, a reload would only show the browser's error page; the offline modal explains.
    if (storage.get('chunkReload') === true || !navigator.onLine) throw error;
    storage.set('chunkReload', true);
    reload();
    // The page is going away; never settle so nothing renders a half-loaded route.
    return new Promise<T>(() => undefined);
  }
}
