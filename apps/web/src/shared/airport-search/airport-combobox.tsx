import type { Airport } from '@portal/contract';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useAirportSearch } from './use-airport-search';

interface AirportComboboxProps {
  onPick: (airport: Airport) => void;
  /** Enter or Search without picking: the typed text. */
  onSubmit: (keyword: string) => void;
  initialQuery?: string;
}

/** The airport search field: an ARIA 1.2 combobox with a listbox popup of the best matches. */
export function AirportCombobox({ onPick, onSubmit, initialQuery = '' }: AirportComboboxProps) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The list (110 KB compressed, 830 KB of JSON to parse) is fetched once the search is about to
  // be used: the pointer over it, a touch or focus in it, or typing. Fetched by itself a moment
  // after the page showed, its parse was the page's longest task on a slow phone (issue 23).
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  const typed = query.trim() !== '';
  const { results, list, ready } = useAirportSearch(query, 10, wanted || typed);

  const expanded = open && typed && results.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;
  const activeAirport = expanded ? results[active] : undefined;

  const status = !typed
    ? ''
    : list.isError
      ? t('airportSearch.loadFailed')
      : !ready
        ? t('airportSearch.loading')
        : results.length === 0
          ? t('airportSearch.noResults')
          : t('airportSearch.resultCount', { count: results.length });

  const pick = (airport: Airport) => {
    setOpen(false);
    setActive(-1);
    setQuery(airport.name);
    onPick(airport);
  };

  const move = (step: number) => {
    if (results.length === 0) return;
    setOpen(true);
    setActive((i) => {
      if (!expanded) return step > 0 ? 0 : results.length - 1;
      return (i + step + results.length) % results.length;
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (event.altKey) setOpen(true);
        else move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter':
        if (activeAirport) {
          event.preventDefault();
          pick(activeAirport);
        }
        break;
      case 'Escape':
        event.preventDefault();
        if (expanded) setOpen(false);
        else setQuery('');
        setActive(-1);
        break;
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keyword = query.trim();
    if (keyword) onSubmit(keyword);
  };

  return (
    <form
      className="airport-search"
      role="search"
      aria-label={t('airportSearch.region')}
      onSubmit={submit}
      onFocus={want}
      onPointerEnter={want}
      onTouchStart={want}
    >
      <label className="airport-search__label" htmlFor={`${id}-input`}>
        {t('airportSearch.label')}
      </label>
      <p className="airport-search__hint" id={`${id}-hint`}>
        {t('airportSearch.hint')}
      </p>
      <div className="airport-search__row">
        <div className="airport-search__field">
          <input
            id={`${id}-input`}
            className="airport-search__input"
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={`${id}-listbox`}
            aria-describedby={`${id}-hint`}
            aria-activedescendant={activeAirport ? optionId(active) : undefined}
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
            // The form's own onFocus (React's bubbles) asks for the list.
            onFocus={() => setOpen(true)}
          />
          <ul
            id={`${id}-listbox`}
            className="airport-search__listbox"
            role="listbox"
            aria-label={t('airportSearch.listLabel')}
            hidden={!expanded}
          >
            {expanded
              ? results.map((airport, i) => (
                  <li
                    key={airport.iataCode}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    className="airport-search__option"
                    // Keep focus in the input; the click picks.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => pick(airport)}
                  >
                    <span className="airport-search__option-name">
                      {airport.name} ({airport.iataCode})
                    </span>
                    <span className="airport-search__option-place">
                      {airport.city}, {airport.countryName}
                    </span>
                  </li>
                ))
              : null}
          </ul>
        </div>
        <button type="submit" className="button button--primary">
          {t('airportSearch.submit')}
        </button>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {list.isError ? (
        <p className="airport-search__error">
          {t('airportSearch.loadFailed')}{' '}
          <button type="button" className="button-link" onClick={() => void list.refetch()}>
            {t('airportSearch.retry')}
          </button>
        </p>
      ) : null}
    </form>
  );
}
