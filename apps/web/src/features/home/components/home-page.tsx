import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { useAuth } from '../../../shared/storage/use-auth';

export function HomePage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const { isLogin } = useAuth();
  return (
    <>
      <title>{tc('appName')}</title>
      <section className="hero" aria-labelledby="page-title">
        <div className="hero__inner">
          <h1 id="page-title" className="hero__title">
            {t('home.title')}
          </h1>
          <p className="hero__intro">{t('home.intro')}</p>
          <div className="hero__actions">
            {isLogin ? (
              <Link className="button button--primary button--large" to={paths.airport.getHref()}>
                {t('home.searchAirports')}
              </Link>
            ) : (
              <Link className="button button--primary button--large" to={paths.signUp.getHref()}>
                {t('home.register')}
              </Link>
            )}
          </div>
        </div>
      </section>
      <section className="page" aria-labelledby="about-title">
        <h2 id="about-title">{t('home.aboutTitle')}</h2>
        <p className="page__lead">{t('home.about')}</p>
      </section>
    </>
  );
}
