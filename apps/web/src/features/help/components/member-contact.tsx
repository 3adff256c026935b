import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useMyDetails } from '@/shared/account/get-my-details';
import { HELP_NS } from '../i18n';
import { ContactForm } from './contact-form';

/** Thanks for a sent message: focus comes here, so it is heard; another may follow. */
function ContactSent({ days, onAnother }: { days: string; onAnother: () => void }) {
  const { t } = useTranslation(HELP_NS);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <>
      <div ref={ref} role="status" tabIndex={-1} className="contact-sent">
        <p className="notice notice--success">
          {t('contactForm.sent', { days: days.replace('-', '–') })}
        </p>
      </div>
      <button type="button" className="button button--secondary" onClick={onAnother}>
        {t('contactForm.sendAnother')}
      </button>
    </>
  );
}

/** The contact form of a logged-in member (contact us, support), filled in from the profile. */
export function MemberContact() {
  const { t } = useTranslation(HELP_NS);
  const details = useMyDetails();
  const [replyDays, setReplyDays] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  return (
    <section className="contact-form-section" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{t('contactForm.title')}</h2>
      {replyDays !== null ? (
        <ContactSent
          days={replyDays}
          onAnother={() => {
            setReplyDays(null);
            setRound((n) => n + 1);
          }}
        />
      ) : details.isPending ? (
        <p>{t('contactForm.loading')}</p>
      ) : (
        <>
          <p>{t('contactForm.intro')}</p>
          <ContactForm
            key={round}
            details={details.data}
            focusOnMount={round > 0}
            onSent={setReplyDays}
          />
        </>
      )}
    </section>
  );
}
