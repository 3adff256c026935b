import { replace, type LoaderFunctionArgs } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { isLoggedIn } from '@/shared/storage/login-state';

/**
 * Member-only routes (spec section 6): visitors go to log in, and come back afterwards.
 * A loader, so logout and time-out can leave a member page without racing a login redirect; the
 * router runs it again on every navigation, not only when the member area is entered.
 */
export function requireAuthLoader({ request }: LoaderFunctionArgs) {
  if (isLoggedIn()) return null;
  const url = new URL(request.url);
  return replace(paths.login.getHref(url.pathname + url.search));
}
