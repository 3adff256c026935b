import { ISSUERS } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { paths } from '@/shared/config/paths';
import { issuerProfiles } from '@/shared/issuer/issuer-profiles';
import { PageTitle } from '@/shared/ui/page-title';
import { DEMO_NS } from '../i18n';
import { DEMO_STATUSES, demoMembershipDisplay } from '../lib/demo-numbers';

/** /demo: for testers, each issuer's demo membership numbers and its themed home page. */
export function DemoPage() {
  const { t } = useTranslation(DEMO_NS);
  const { t: tp } = useTranslation('pages');
  return (
    <div className="page">
      <PageTitle title={tp('demo')} />
      <h1 id="page-title">{tp('demo')}</h1>
      <p className="page__lead">{t('demoPage.intro')}</p>
      <div className="table-scroll">
        <table className="data-table">
          <caption>{t('demoPage.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('demoPage.issuer')}</th>
              {DEMO_STATUSES.map((status) => (
                <th key={status} scope="col">
                  {t(`demoPage.status.${status}`)}
                </th>
              ))}
              <th scope="col">{t('demoPage.portal')}</th>
            </tr>
          </thead>
          <tbody>
            {ISSUERS.map((issuer) => (
              <tr key={issuer}>
                <th scope="row">
                  {issuerProfiles[issuer].bankName}{' '}
                  <span className="data-table__code">({issuer})</span>
                </th>
                {DEMO_STATUSES.map((status) => (
                  <td key={status} className="data-table__number">
                    {demoMembershipDisplay(issuer, status)}
                  </td>
                ))}
                <td>
                  {/* A full page load: the issuer is chosen when the app starts. */}
                  <a href={paths.home.getHref(issuer)}>
                    {t('demoPage.open', { bank: issuerProfiles[issuer].shortName })}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>{t('demoPage.note')}</p>
    </div>
  );
}
