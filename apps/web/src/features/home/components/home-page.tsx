import { useTranslation } from '@/shared/i18n/use-translation';
import { useAgentConfig } from '@/shared/agent-config/get-agent-config';
import { useUnseenNotice } from '@/shared/agent-config/unseen-notice';
import { AppDownload } from './app-download';
import { Carousel } from './carousel';
import { HomeBanner } from './home-banner';
import { HomeSearch } from './home-search';
import { ImportantNotice } from './important-notice';
import { PopularPlaces } from './popular-places';

export function HomePage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const config = useAgentConfig().data;
  const notice = useUnseenNotice();
  return (
    <>
      <title>{tc('appName')}</title>
      <HomeBanner banner={config?.banner} />
      <HomeSearch />
      <section className="page home-about" aria-labelledby="about-title">
        <h2 id="about-title">{t('home.aboutTitle')}</h2>
        <p className="page__lead">{t('home.about')}</p>
        <ul className="home-about__points">
          <li>{t('home.aboutPoints.lounges')}</li>
          <li>{t('home.aboutPoints.dining')}</li>
          <li>{t('home.aboutPoints.fastTrack')}</li>
        </ul>
      </section>
      {config && config.carousel.length > 0 ? <Carousel slides={config.carousel} /> : null}
      <PopularPlaces />
      {config ? <AppDownload appStore={config.appStore} /> : null}
      {notice ? <ImportantNotice notice={notice} /> : null}
    </>
  );
}
