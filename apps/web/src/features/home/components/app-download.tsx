import type { AgentConfig } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ExternalLink } from '@/shared/ui/external-link';

export function AppDownload({ appStore }: { appStore: AgentConfig['appStore'] }) {
  const { t } = useTranslation('pages');
  return (
    <section className="page app-download" aria-labelledby="app-download-title">
      <h2 id="app-download-title">{t('home.appTitle')}</h2>
      <p>{t('home.appText')}</p>
      <ul className="app-download__links">
        <li>
          <ExternalLink className="button button--secondary" href={appStore.apple}>
            {t('home.appStore')}
          </ExternalLink>
        </li>
        <li>
          <ExternalLink className="button button--secondary" href={appStore.google}>
            {t('home.googlePlay')}
          </ExternalLink>
        </li>
      </ul>
    </section>
  );
}
