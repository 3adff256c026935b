import '../help.css';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import { lazyNamed } from '@/shared/lib/lazy-named';
import { useAuth } from '@/shared/storage/use-auth';
import { PageTitle } from '@/shared/ui/page-title';
import { HELP_NS } from '../i18n';
import { ContactOptions } from './contact-options';

// Members only: visitors never load the form and its phone number rules.
const MemberContact = lazyNamed(() => import('./member-contact'), 'MemberContact');

/** /contact-us: the phone line and email; members write to us here, visitors log in first. */
export function ContactUsPage() {
  const { t } = useTranslation(HELP_NS);
  const { t: tp } = useTranslation('pages');
  const { isLogin } = useAuth();
  return (
    <div className="page">
      <PageTitle title={tp('contactUs')} />
      <h1 id="page-title">{tp('contactUs')}</h1>
      <p className="page__lead">
        {t('contact.intro')} <Link to={paths.faqs.getHref()}>{t('contact.faqsLink')}</Link>
      </p>
      <ContactOptions
        emailAction={
          isLogin ? null : (
            <p className="contact-option__action">
              <Link to={paths.login.getHref(paths.contactUs.getHref())}>
                {t('contact.logInToWrite')}
              </Link>
            </p>
          )
        }
      />
      {isLogin ? (
        <Suspense fallback={<p className="contact-form-section">{t('contactForm.loading')}</p>}>
          <MemberContact />
        </Suspense>
      ) : null}
    </div>
  );
}
