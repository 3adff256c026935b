import { RouteError } from './route-error';

/** The layout itself failed: keep a main landmark around the error. */
export function RootError() {
  return (
    <main id="main-content" className="site-main">
      <RouteError />
    </main>
  );
}
