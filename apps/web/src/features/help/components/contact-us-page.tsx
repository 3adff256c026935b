import '../help.css';
import { Suspense } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { useClosedChannel } from '@/shared/agent-config/closed-channel';
import { paths } from '@/shared/config/paths';
import { lazyNamed } from '@/shared/lib/lazy-named';
import { useAuth } from '@/shared/storage/use-auth';
import { PageTitle } from '@/shared/ui/page-title';
import { HELP_NS } from '../i18n';
import { ContactOptions } from './contact-options';

// Members only: visitors never load the form and its phone number rules.
const MemberContact = lazyNamed(() => import('./member-contact'), 'MemberContact');

/**
 * /contact-us: the phone line and email; members write to us here, visitors log in first. On a
 * closed channel (vm) login and the FAQs show only the customer notice, which sends people here:
 * its members get the support mailbox instead, and no link that would lead back (issue 21).
 */
export function ContactUsPage() {
  const { t } = useTranslation(HELP_NS);
  const { t: tp } = useTranslation('pages');
  const { isLogin } = useAuth();
  const channel = useClosedChannel();
  return (
    <div className="page">
      <PageTitle title={tp('contactUs')} />
      <h1 id="page-title">{tp('contactUs')}</h1>
      {channel.closed ? (
        <p className="page__lead">{t('contact.introClosed')}</p>
      ) : (
        <p className="page__lead">
          {t('contact.intro')} <Link to={paths.faqs.getHref()}>{t('contact.faqsLink')}</Link>
        </p>
      )}
      <ContactOptions
        emailAction={
          channel.closed ? (
            <MailboxLink address={channel.contactEmail} />
          ) : isLogin ? null : (
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

/** The support mailbox, for those who cannot log in to write (a closed channel's members). */
function MailboxLink({ address }: { address: string | undefined }) {
  const { t } = useTranslation(HELP_NS);
  if (!address) return null;
  return (
    <p className="contact-option__action">
      {t('contact.writeTo')} <a href={`mailto:${address}`}>{address}</a>
    </p>
  );
}
