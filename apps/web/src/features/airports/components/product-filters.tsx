import type { Facility, ProductKind, ResultOf, Side, calls } from '@portal/contract';
import { useId, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { AIRPORTS_NS } from '../i18n';

export interface FilterValues {
  terminal: string;
  side: Side | '';
  facilities: Facility[];
  openNow: boolean;
}

export const emptyFilters: FilterValues = {
  terminal: '',
  side: '',
  facilities: [],
  openNow: false,
};

type Choices = ResultOf<typeof calls.airportProductFilter>;

interface ProductFiltersProps {
  kind: ProductKind;
  choices: Choices;
  value: FilterValues;
  onChange: (value: FilterValues) => void;
}

/** How many filters are set: the small screens' Filters button shows it. */
export const activeFilterCount = (value: FilterValues): number =>
  (value.terminal ? 1 : 0) +
  (value.side ? 1 : 0) +
  (value.openNow ? 1 : 0) +
  value.facilities.length;

/**
 * Filters that apply as they change: terminal, airside/landside, facilities, open now. On small
 * screens they fold behind a Filters button that says how many are set, so the first offer is
 * not pushed a screen and more down (issue 21); from 48rem they are always open.
 */
export function ProductFilters({ kind, choices, value, onChange }: ProductFiltersProps) {
  const { t } = useTranslation(AIRPORTS_NS);
  const id = useId();
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(value);
  const fastTrack = kind === 'fast-track';
  const toggleFacility = (facility: Facility, on: boolean) =>
    onChange({
      ...value,
      facilities: on
        ? [...value.facilities, facility]
        : value.facilities.filter((f) => f !== facility),
    });

  return (
    <div className="filters-panel" data-open={open}>
      <button
        type="button"
        className="button button--secondary filters-panel__toggle"
        aria-expanded={open}
        aria-controls={`${id}-filters`}
        onClick={() => setOpen(!open)}
      >
        {active > 0 ? t('filters.toggleCount', { count: active }) : t('filters.toggle')}
      </button>
      <form
        id={`${id}-filters`}
        className="filters"
        aria-label={t('filters.label')}
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="filters__row">
          <div className="field">
            <label htmlFor={`${id}-terminal`}>{t('filters.terminal')}</label>
            <select
              id={`${id}-terminal`}
              value={value.terminal}
              onChange={(e) => onChange({ ...value, terminal: e.target.value })}
            >
              <option value="">{t('filters.allTerminals')}</option>
              {choices.terminals.map((terminal) => (
                <option key={terminal} value={terminal}>
                  {terminal}
                </option>
              ))}
            </select>
          </div>
          {fastTrack ? null : (
            <div className="field">
              <label htmlFor={`${id}-side`}>{t('filters.side')}</label>
              <select
                id={`${id}-side`}
                value={value.side}
                onChange={(e) => onChange({ ...value, side: e.target.value as Side | '' })}
              >
                <option value="">{t('filters.anySide')}</option>
                {choices.sides.map((side) => (
                  <option key={side} value={side}>
                    {t(`side.${side}`)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {fastTrack ? null : (
            <div className="field field--checkbox">
              <input
                id={`${id}-open`}
                type="checkbox"
                checked={value.openNow}
                onChange={(e) => onChange({ ...value, openNow: e.target.checked })}
              />
              <label htmlFor={`${id}-open`}>{t('filters.openNow')}</label>
            </div>
          )}
        </div>
        {fastTrack || choices.facilities.length === 0 ? null : (
          <fieldset className="filters__facilities">
            <legend>{t('filters.facilities')}</legend>
            <ul className="filters__facility-list">
              {choices.facilities.map((facility) => (
                <li key={facility} className="field field--checkbox">
                  <input
                    id={`${id}-${facility}`}
                    type="checkbox"
                    checked={value.facilities.includes(facility)}
                    onChange={(e) => toggleFacility(facility, e.target.checked)}
                  />
                  <label htmlFor={`${id}-${facility}`}>{t(`facility.${facility}`)}</label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {value !== emptyFilters ? (
          <button type="button" className="button-link" onClick={() => onChange(emptyFilters)}>
            {t('filters.clear')}
          </button>
        ) : null}
      </form>
    </div>
  );
}
