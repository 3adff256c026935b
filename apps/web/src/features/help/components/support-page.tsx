import '../help.css';
import { useTranslation } from '@/shared/i18n/use-translation';
import { PageTitle } from '@/shared/ui/page-title';
import { HELP_NS } from '../i18n';
import { ContactOptions } from './contact-options';
import { MemberContact } from './member-contact';

/** /support (members only): the ways to reach us and the form; ?isGlobalSupport hides the navigation. */
export function SupportPage() {
  const { t } = useTranslation(HELP_NS);
  const { t: tp } = useTranslation('pages');
  return (
    <div className="page">
      <PageTitle title={tp('support')} />
      <h1 id="page-title">{tp('support')}</h1>
      <p className="page__lead">{t('support.intro')}</p>
      <ContactOptions />
      <MemberContact />
    </div>
  );
}
