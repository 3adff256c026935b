import type { AgentConfig } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { useAuth } from '@/shared/storage/use-auth';

/** The banner: what the programme is, and Register for visitors (hidden when logged in). */
export function HomeBanner({ banner }: { banner: AgentConfig['banner'] | undefined }) {
  const { t } = useTranslation('pages');
  const { isLogin } = useAuth();
  return (
    <section className="hero" aria-labelledby="page-title">
      <div className="hero__inner">
        <div className="hero__text">
          <h1 id="page-title" className="hero__title">
            {t('home.title')}
          </h1>
          <p className="hero__intro">{banner?.text || t('home.intro')}</p>
          {isLogin ? null : (
            <div className="hero__actions">
              <Link className="button button--inverse button--large" to={paths.signUp.getHref()}>
                {t('home.register')}
              </Link>
            </div>
          )}
        </div>
        {banner?.image ? (
          <img className="hero__image" src={banner.image} alt="" width="800" height="500" />
        ) : null}
      </div>
    </section>
  );
}
