import '../help.css';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../shared/ui/page-title';
import { HELP_NS } from '../i18n';
import { ContactOptions } from './contact-options';

/** /support (members only): the same ways to reach us; ?isGlobalSupport hides the navigation. */
export function SupportPage() {
  const { t } = useTranslation(HELP_NS);
  const { t: tp } = useTranslation('pages');
  return (
    <div className="page">
      <PageTitle title={tp('support')} />
      <h1 id="page-title">{tp('support')}</h1>
      <p className="page__lead">{t('support.intro')}</p>
      <ContactOptions />
    </div>
  );
}
