import { CONTACT_REPLY_WORKING_DAYS, PHONE_LINE_HOURS } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useContactSubjects } from '../api/get-contact-subjects';
import { HELP_NS } from '../i18n';

/**
 * How to reach support: the phone line and its hours, and email with its subjects; `emailAction`
 * ends the email part (e.g. visitors' link to log in and write).
 */
export function ContactOptions({ emailAction }: { emailAction?: ReactNode }) {
  const { t } = useTranslation(HELP_NS);
  const subjects = useContactSubjects();
  return (
    <div className="contact-options">
      <section className="contact-option" aria-labelledby="contact-call">
        <h2 id="contact-call">{t('contact.callTitle')}</h2>
        <p className="contact-option__number">
          <a href={`tel:${t('contact.phoneTel')}`}>{t('contact.phone')}</a>
        </p>
        <p>{t('contact.phoneAbroad')}</p>
        <p>{t('contact.hours', { hours: PHONE_LINE_HOURS })}</p>
        <p className="contact-option__note">{t('contact.callCharges')}</p>
      </section>
      <section className="contact-option" aria-labelledby="contact-email">
        <h2 id="contact-email">{t('contact.emailTitle')}</h2>
        <p>{t('contact.emailText')}</p>
        <p>{t('contact.replyTime', { days: CONTACT_REPLY_WORKING_DAYS.replace('-', '–') })}</p>
        {subjects.data && subjects.data.length > 0 ? (
          <>
            <h3>{t('contact.subjectsTitle')}</h3>
            <ul className="contact-option__subjects">
              {subjects.data.map((subject) => (
                <li key={subject.id}>{subject.text}</li>
              ))}
            </ul>
          </>
        ) : null}
        {emailAction}
      </section>
    </div>
  );
}
