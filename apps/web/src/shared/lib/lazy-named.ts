import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from './load-chunk';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
type AnyComponent = ComponentType<any>;

export type PreloadableComponent<C extends AnyComponent> = LazyExoticComponent<C> & {
  /** Fetches the chunk ahead of need; a failure here is ignored (rendering retries). */
  preload: () => void;
};

/** React.lazy for a named export, loaded through the chunk reload guard. */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M>(
  importer: () => Promise<M>,
  name: K,
): PreloadableComponent<M[K]> {
  const component = lazy(async () => ({ default: (await loadChunk(importer))[name] }));
  return Object.assign(component, {
    preload: () => {
      importer().catch(() => undefined);
    },
  });
}
