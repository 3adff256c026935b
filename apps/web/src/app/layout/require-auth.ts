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
  // Back from 3-D Secure with no login here: the payment's outcome, told by its single-use
  // return reference (never a login from the address), then a login back to this page.
  const ref = url.searchParams.get('ref');
  if (ref && url.searchParams.get('threeDS') === 'return') {
    url.searchParams.delete('ref');
    return replace(paths.paymentReturn.getHref(ref, url.pathname + url.search));
  }
  return replace(paths.login.getHref(url.pathname + url.search));
}
