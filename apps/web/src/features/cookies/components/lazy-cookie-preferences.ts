import { lazyNamed } from '@/shared/lib/lazy-named';

/** The preferences modal, loaded only when someone opens it (from the banner or the footer). */
export const CookiePreferences = lazyNamed(
  () => import('./cookie-preferences'),
  'CookiePreferences',
);
