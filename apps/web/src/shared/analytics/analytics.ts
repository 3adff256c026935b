import { allowsAnalytics, readConsent } from './consent';

export interface ScreenEvent {
  type: 'screen';
  name: string;
}

/** Where events go. The default keeps nothing: a vendor plugs its own in with setAnalyticsSink. */
export type AnalyticsSink = (event: ScreenEvent) => void;

let sink: AnalyticsSink = () => undefined;

/** Replaces the sink; returns a function that puts the previous one back. */
export function setAnalyticsSink(next: AnalyticsSink): () => void {
  const previous = sink;
  sink = next;
  return () => {
    sink = previous;
  };
}

export interface AnalyticsEnvironment {
  hostname: string;
  /** Vite's mode: "test" under the unit tests. */
  mode: string;
  analyticsConsent: boolean;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Events are logged only after consent with analytics on, and never locally or in tests. */
export function analyticsAllowed({ hostname, mode, analyticsConsent }: AnalyticsEnvironment) {
  return analyticsConsent && mode !== 'test' && !LOCAL_HOSTS.has(hostname);
}

const currentEnvironment = (): AnalyticsEnvironment => ({
  hostname: window.location.hostname,
  mode: import.meta.env.MODE,
  analyticsConsent: allowsAnalytics(readConsent()),
});

/** Logs a screen view by name; answers whether it was logged. */
export function logScreen(name: string, environment = currentEnvironment()): boolean {
  if (!analyticsAllowed(environment)) return false;
  sink({ type: 'screen', name });
  return true;
}

const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** A screen's name from its path, with dynamic segments (ids, links) replaced by their names. */
export function screenName(pathname: string, params: Readonly<Record<string, string | undefined>>) {
  const values = new Map(
    Object.entries(params).flatMap(([key, value]) => (value ? [[value, key] as const] : [])),
  );
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const decoded = safeDecode(segment);
      const param = values.get(decoded);
      return param ? `:${param}` : decoded.toLowerCase();
    });
  return segments.length === 0 ? 'home' : segments.join('/');
}
