import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { usePopularPlaces } from '../api/get-popular-places';

export function PopularPlaces() {
  const { t } = useTranslation('pages');
  const places = usePopularPlaces().data;
  if (!places || places.length === 0) return null;
  return (
    <section className="page popular-places" aria-labelledby="popular-title">
      <h2 id="popular-title">{t('home.popularTitle')}</h2>
      <ul className="card-grid">
        {places.map((place) => (
          <li key={place.iataCode} className="place-card">
            <img
              className="place-card__image"
              src={place.image}
              alt=""
              loading="lazy"
              width="320"
              height="180"
            />
            <h3 className="place-card__title">
              <Link className="place-card__link" to={paths.airportDetail.getHref(place.iataCode)}>
                {place.name} ({place.iataCode})
              </Link>
            </h3>
            <p className="place-card__meta">
              {place.city}, {place.countryName}
            </p>
            <p className="place-card__meta">{t('home.popularOffers', { count: place.products })}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
