/** How the current entry was reached: a load or back/forward (POP), a new entry, a replacement. */
export type Action = 'POP' | 'PUSH' | 'REPLACE';

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface Location extends Path {
  /** What the navigation carried (`navigate(to, { state })`), kept with the history entry. */
  state: unknown;
  /** The entry's own key; 'default' for an entry the portal did not make (a page load). */
  key: string;
}

/** The session history the router moves through: the browser's, or a list in memory (tests). */
export interface History {
  readonly location: Location;
  push(path: Path, state: unknown): Location;
  replace(path: Path, state: unknown): Location;
  go(delta: number): void;
  /** Calls back after back/forward moved the current entry (POP). */
  listen(listener: () => void): () => void;
}

export const createPath = ({ pathname, search, hash }: Path): string =>
  `${pathname}${search}${hash}`;

/** `to` (absolute, `?query`, `#hash` or relative) read against the current location. */
export function resolvePath(to: string, from: Path): Path {
  if (to.startsWith('/') && !to.startsWith('//')) {
    const hashAt = to.indexOf('#');
    const beforeHash = hashAt < 0 ? to : to.slice(0, hashAt);
    const searchAt = beforeHash.indexOf('?');
    return {
      pathname: searchAt < 0 ? beforeHash : beforeHash.slice(0, searchAt),
      search: searchAt < 0 || searchAt === beforeHash.length - 1 ? '' : beforeHash.slice(searchAt),
      hash: hashAt < 0 || hashAt === to.length - 1 ? '' : to.slice(hashAt),
    };
  }
  const url = new URL(to, `http://portal${createPath(from)}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

interface EntryState {
  usr?: unknown;
  key?: string;
}

export function createBrowserHistory(): History {
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const entry = (window.history.state ?? {}) as EntryState;
    return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
  };
  let location = read();
  const write = (method: 'pushState' | 'replaceState', path: Path, state: unknown) => {
    const entry: EntryState = { usr: state, key: newKey() };
    window.history[method](entry, '', createPath(path));
    location = read();
    return location;
  };
  return {
    get location() {
      return location;
    },
    push: (path, state) => write('pushState', path, state),
    replace: (path, state) => write('replaceState', path, state),
    go: (delta) => window.history.go(delta),
    listen(listener) {
      const onPop = () => {
        location = read();
        listener();
      };
      window.addEventListener('popstate', onPop);
      return () => window.removeEventListener('popstate', onPop);
    },
  };
}

/** A history kept in memory, for tests: `initialEntries` are URLs, the last one current. */
export function createMemoryHistory(initialEntries: string[] = ['/'], initialIndex?: number) {
  const root: Path = { pathname: '/', search: '', hash: '' };
  const entries: Location[] = initialEntries.map((url, i) => ({
    ...resolvePath(url, root),
    state: null,
    key: i === 0 ? 'default' : newKey(),
  }));
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  const listeners = new Set<() => void>();
  const history: History = {
    get location() {
      return entries[index]!;
    },
    push(path, state) {
      entries.splice(index + 1, entries.length, { ...path, state, key: newKey() });
      index += 1;
      return entries[index]!;
    },
    replace(path, state) {
      entries[index] = { ...path, state, key: newKey() };
      return entries[index]!;
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      for (const listener of listeners) listener();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return history;
}
