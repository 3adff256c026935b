import type { Airport } from '@portal/contract';
import { useId } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useNavigate } from '@/shared/router';
import { paths } from '../config/paths';
import { AirportCombobox } from './airport-combobox';
import { rememberAirport, useRecentAirports } from './recent-airports';

/** The airport search with the visitor's recent airports as quick links. */
export function AirportSearch({ initialQuery }: { initialQuery?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const recent = useRecentAirports();
  const recentId = useId();

  const pick = (airport: Airport) => {
    rememberAirport(airport);
    void navigate(paths.airportDetail.getHref(airport.iataCode));
  };

  return (
    <div className="airport-search-panel">
      <AirportCombobox
        onPick={pick}
        onSubmit={(keyword) => void navigate(paths.airportResult.getHref(keyword))}
        {...(initialQuery ? { initialQuery } : {})}
      />
      {recent.length > 0 ? (
        <nav className="recent-airports" aria-labelledby={recentId}>
          <p id={recentId} className="recent-airports__title">
            {t('airportSearch.recentTitle')}
          </p>
          <ul className="recent-airports__list">
            {recent.map((airport) => (
              <li key={airport.iataCode}>
                <Link
                  className="recent-airports__link"
                  to={paths.airportDetail.getHref(airport.iataCode)}
                  onClick={() => rememberAirport(airport)}
                >
                  {airport.name} ({airport.iataCode})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
