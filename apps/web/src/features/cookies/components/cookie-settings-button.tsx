import { Suspense, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { saveConsent } from '@/shared/analytics/consent';
import { CookiePreferences } from './lazy-cookie-preferences';

/**
 * "Cookie settings" in the footer of every page: reopens the preferences, so a decision can be
 * changed at any time, not only by clearing the browser's cookies (issue 21). Focus goes back to
 * this button when the modal closes.
 */
export function CookieSettingsButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        onMouseEnter={CookiePreferences.preload}
        onFocus={CookiePreferences.preload}
        onClick={() => setOpen(true)}
      >
        {t('footer.cookieSettings')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <CookiePreferences onClose={() => setOpen(false)} onSave={(on) => saveConsent(on)} />
        </Suspense>
      ) : null}
    </>
  );
}
