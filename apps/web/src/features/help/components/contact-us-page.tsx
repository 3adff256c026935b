import '../help.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { PageTitle } from '../../../shared/ui/page-title';
import { HELP_NS } from '../i18n';
import { ContactOptions } from './contact-options';

export function ContactUsPage() {
  const { t } = useTranslation(HELP_NS);
  const { t: tp } = useTranslation('pages');
  return (
    <div className="page">
      <PageTitle title={tp('contactUs')} />
      <h1 id="page-title">{tp('contactUs')}</h1>
      <p className="page__lead">
        {t('contact.intro')} <Link to={paths.faqs.getHref()}>{t('contact.faqsLink')}</Link>
      </p>
      <ContactOptions />
    </div>
  );
}
