/** Every budget in one place. Units: ms for times, bytes for sizes. */
export const budgets = {
  'airport-list median response (cached)': 10,
  'airport-list p95 response (cached)': 30,
  'airport-list gzip bytes': 350_000,
  // Issue 3: the in-browser search over the full list, per keystroke, and its one-off index.
  'airport search median per keystroke': 2,
  'airport search index build': 150,
  // Issue 3: everything the home page loads; React + ReactDOM alone are ~68 KB.
  'home page JavaScript gzip bytes': 150 * 1024,
} as const satisfies Record<string, number>;

export interface Measure {
  name: keyof typeof budgets;
  value: number;
  unit: 'ms' | 'bytes';
}
