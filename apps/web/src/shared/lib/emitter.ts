type Listener<T> = (value: T) => void;

export interface Emitter<T> {
  emit: (value: T) => void;
  subscribe: (listener: Listener<T>) => () => void;
  listenerCount: () => number;
}

export function createEmitter<T>(): Emitter<T> {
  const listeners = new Set<Listener<T>>();
  return {
    emit: (value) => {
      for (const listener of [...listeners]) listener(value);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listenerCount: () => listeners.size,
  };
}
