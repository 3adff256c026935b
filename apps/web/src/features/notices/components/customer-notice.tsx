import { VM_MEMBERSHIP_ENDED_ON } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { useAgentConfig } from '@/shared/agent-config/get-agent-config';
import { paths } from '@/shared/config/paths';
import { PageTitle } from '@/shared/ui/page-title';

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

/** The customer notice a closed channel (vm) shows instead of every page: the membership ended. */
export function CustomerNotice() {
  const { t } = useTranslation();
  const notice = useAgentConfig().data?.customerNotice;
  const endedOn = formatDate(notice?.endedOn ?? VM_MEMBERSHIP_ENDED_ON);
  const title = notice?.title ?? t('customerNotice.title');
  return (
    <section className="page page--narrow customer-notice" aria-labelledby="page-title">
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      <p className="page__lead">{notice?.text ?? t('customerNotice.text', { date: endedOn })}</p>
      {notice ? null : <p>{t('customerNotice.help')}</p>}
      <p>
        <Link className="button button--primary" to={paths.contactUs.getHref()}>
          {t('customerNotice.contactUs')}
        </Link>
      </p>
    </section>
  );
}
