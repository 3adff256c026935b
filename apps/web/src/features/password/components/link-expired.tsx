import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { PageTitle } from '../../../shared/ui/page-title';
import { PASSWORD_NS } from '../i18n';

/** A reset link that has expired or was used already (spec section 8: Link Expired). */
export function LinkExpired({ focusTitle = false }: { focusTitle?: boolean }) {
  const { t } = useTranslation(PASSWORD_NS);
  const heading = useRef<HTMLHeadingElement>(null);
  const title = t('linkExpired.title');

  // Shown in place of a form the member was using: their focus moves to the news.
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);

  return (
    <section className="page page--narrow password-page" aria-labelledby="page-title">
      <PageTitle title={title} />
      <h1 id="page-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p className="page__lead">{t('linkExpired.text')}</p>
      <p>
        <Link className="button button--primary" to={paths.forgotPassword.root.getHref()}>
          {t('linkExpired.startAgain')}
        </Link>
      </p>
    </section>
  );
}
