import { useEffect, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useAgentConfig } from '@/shared/agent-config/get-agent-config';
import { ExternalLink } from '@/shared/ui/external-link';
import { PageTitle } from '@/shared/ui/page-title';
import { VISA_NS } from '../i18n';

/** /sherpa: the third-party visa widget when configured, else what it is and a link out. */
export function VisaPage() {
  const { t } = useTranslation(VISA_NS);
  const { t: tp } = useTranslation('pages');
  const config = useAgentConfig();
  const widgetUrl = config.data?.visaWidgetUrl ?? null;
  const serviceUrl = config.data?.visaServiceUrl;

  return (
    <div className="page page--narrow">
      <PageTitle title={tp('sherpa')} />
      <h1 id="page-title">{tp('sherpa')}</h1>
      <p className="page__lead">{t('visa.intro')}</p>
      <p>{t('visa.disclaimer')}</p>
      {widgetUrl ? (
        <VisaWidget src={widgetUrl} label={t('visa.widgetLabel')} />
      ) : serviceUrl ? (
        <>
          <p>{t('visa.linkOut')}</p>
          <p>
            <ExternalLink className="button button--primary" href={serviceUrl}>
              {t('visa.open')}
            </ExternalLink>
          </p>
        </>
      ) : config.isError ? (
        <p>{t('visa.unavailable')}</p>
      ) : null}
    </div>
  );
}

/** Loads the widget's script into its container; removes both when the page goes. */
function VisaWidget({ src, label }: { src: string; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    host.appendChild(script);
    return () => {
      host.replaceChildren();
    };
  }, [src]);
  return (
    <section className="visa-widget" aria-label={label}>
      <div ref={container} id="sherpa-widget" className="visa-widget__host" />
    </section>
  );
}
