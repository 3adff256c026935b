import { paths } from '@/shared/config/paths';

/**
 * Where to go after login: the `redirect` value when it is a path of this site ("/account"),
 * never another site ("//evil.example", "https://…", "/\\evil.example"); home otherwise.
 */
export function safeRedirect(target: string | null | undefined): string {
  const home = paths.home.getHref();
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return home;
  try {
    const { origin } = window.location;
    const url = new URL(target, origin);
    if (url.origin !== origin || url.pathname === paths.login.path) return home;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return home;
  }
}
