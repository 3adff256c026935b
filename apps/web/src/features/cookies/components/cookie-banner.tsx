import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useLocation, useSearchParams } from '@/shared/router';
import { saveConsent, useConsent } from '@/shared/analytics/consent';
import { paths } from '@/shared/config/paths';
import { createEmitter } from '@/shared/lib/emitter';
import { CookiePreferences } from './lazy-cookie-preferences';

/** Pages that explain cookies or run inside a partner app never show the banner (spec section 2). */
const QUIET_PATHS: readonly string[] = [paths.legal.cookiePolicy.path, paths.support.path];

/*
 * Whether the visitor has asked for the preferences, kept beside the banner rather than in it:
 * the first load shows a banner of its own until the page's code is in
 * (app/layout/shell-loading.tsx). Asked for there, the dialog opens with the shell's banner, which
 * replaces it: one dialog, whose choices and focus are not lost in the swap. Reset when it closes,
 * and when the shell's banner goes (no dialog left open for a later page).
 */
let preferencesOpen = false;
const preferencesToggled = createEmitter<void>();
const setManaging = (open: boolean) => {
  preferencesOpen = open;
  preferencesToggled.emit();
};
const subscribeManaging = (listener: () => void) => preferencesToggled.subscribe(listener);
const isManaging = () => preferencesOpen;

interface CookieBannerProps {
  /** Held back while another first-visit interruption (the home notice) is open. */
  waiting?: boolean;
  /** The first load's banner: the preferences asked for there open with the shell's banner. */
  firstLoad?: boolean;
}

/** The cookie banner: accept all, manage, or only necessary; asks again once the decision lapses. */
export function CookieBanner({ waiting = false, firstLoad = false }: CookieBannerProps) {
  const { t } = useTranslation();
  const consent = useConsent();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const managing = useSyncExternalStore(subscribeManaging, isManaging, isManaging);
  useEffect(() => (firstLoad ? undefined : () => setManaging(false)), [firstLoad]);

  const quiet = params.has('acceptLang') || QUIET_PATHS.includes(pathname);
  if (consent || quiet || waiting) return null;

  const decide = (analytics: boolean) => {
    setManaging(false);
    saveConsent(analytics);
    // The banner goes away with the focused button: carry on from the page content.
    document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
  };

  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title">
      <div className="cookie-banner__inner">
        <h2 id="cookie-banner-title" className="cookie-banner__title">
          {t('cookies.title')}
        </h2>
        <p className="cookie-banner__text">
          {t('cookies.text')}{' '}
          <Link to={paths.legal.cookiePolicy.getHref()}>{t('cookies.policyLink')}</Link>
        </p>
        <div className="cookie-banner__actions">
          <button type="button" className="button button--primary" onClick={() => decide(true)}>
            {t('cookies.acceptAll')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => decide(false)}>
            {t('cookies.necessaryOnly')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onMouseEnter={CookiePreferences.preload}
            onFocus={CookiePreferences.preload}
            onClick={() => setManaging(true)}
          >
            {t('cookies.manage')}
          </button>
        </div>
      </div>
      {managing && !firstLoad ? (
        <Suspense fallback={null}>
          <CookiePreferences onClose={() => setManaging(false)} onSave={decide} />
        </Suspense>
      ) : null}
    </section>
  );
}
