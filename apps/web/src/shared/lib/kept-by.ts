/**
 * `make(key)` made at the first call for that key, then kept: for values costly to make and few
 * in kind, such as formatters (making one loads its locale's data: tens of milliseconds on a
 * phone, which would otherwise lengthen the task that loads a page's code; issue 23).
 */
export function keptBy<V>(make: (key: string) => V): (key: string) => V {
  const kept = new Map<string, V>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = make(key);
      kept.set(key, value);
    }
    return value;
  };
}
