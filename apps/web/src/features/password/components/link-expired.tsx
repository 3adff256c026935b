import { useEffect, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { NarrowPage } from '@/shared/ui/narrow-page';
import { PASSWORD_NS } from '../i18n';

/** A reset link that has expired or was used already (spec section 8: Link Expired). */
export function LinkExpired({ focusTitle = false }: { focusTitle?: boolean }) {
  const { t } = useTranslation(PASSWORD_NS);
  const heading = useRef<HTMLHeadingElement>(null);

  // Shown in place of a form the member was using: their focus moves to the news.
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);

  return (
    <NarrowPage
      className="password-page"
      title={t('linkExpired.title')}
      lead={t('linkExpired.text')}
      headingRef={heading}
    >
      <p>
        <Link className="button button--primary" to={paths.forgotPassword.root.getHref()}>
          {t('linkExpired.startAgain')}
        </Link>
      </p>
    </NarrowPage>
  );
}
