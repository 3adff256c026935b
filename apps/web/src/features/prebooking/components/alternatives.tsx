import type { Slot } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { errorMessageOf } from '@/shared/api/error-message';
import { paths } from '@/shared/config/paths';
import { formatMoney } from '@/shared/lib/format-money';
import { useJoinWaitlist, useOtherLounges, useOtherTimes, type SlotAsk } from '../api/prebooking';
import { PREBOOKING_NS } from '../i18n';

/**
 * Joining the slot's waiting list for the places step 1 asks (the member and the guests
 * entered): the places held and an email when they free up. More guests: asked again.
 */
function Waitlist({ query }: { query: AlternativesQuery }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const join = useJoinWaitlist();
  if (join.data?.places === query.places)
    return (
      <p role="status">
        {t('alternatives.waiting', { position: join.data.position, count: join.data.places })}
      </p>
    );
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        aria-busy={join.isPending || undefined}
        onClick={() => {
          if (!join.isPending) join.mutate(query);
        }}
      >
        {join.isPending
          ? t('alternatives.notifying')
          : t('alternatives.notify', { count: query.places })}
      </button>
      {join.isError ? (
        <p className="field__error" role="alert">
          {errorMessageOf(join.error, t('payment.failed'))}
        </p>
      ) : null}
    </>
  );
}

export type AlternativesQuery = SlotAsk;

/** Other times of the day with places, nearest first: one button each (the first six). */
export function TimeChoices({
  slots,
  none,
  onChoose,
}: {
  slots: readonly Slot[] | undefined;
  none: string;
  onChoose: (time: string) => void;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  if (!slots) return <p role="status">{t('load.loading')}</p>;
  if (slots.length === 0) return <p>{none}</p>;
  return (
    <ul className="prebooking__choices">
      {slots.slice(0, 6).map((slot) => (
        <li key={slot.startsAt}>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onChoose(slot.time)}
          >
            {t('alternatives.chooseTime', { time: slot.time, count: slot.placesLeft })}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * A full time: the other times that day with places for everyone, nearest first, and the other
 * lounges at the airport with places then.
 */
export function Alternatives({
  query,
  onChooseTime,
  onChooseLounge,
}: {
  query: AlternativesQuery;
  onChooseTime: (time: string) => void;
  /** Before following the link to another lounge: the draft takes its date and time. */
  onChooseLounge: (code: string, time: string) => void;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  const times = useOtherTimes(query);
  const lounges = useOtherLounges(query);
  const loading = <p role="status">{t('load.loading')}</p>;
  return (
    <section
      className="prebooking__panel prebooking__alternatives"
      aria-labelledby="alternatives-title"
    >
      <h2 id="alternatives-title">{t('alternatives.title')}</h2>
      <p>{t('alternatives.lead')}</p>
      <Waitlist query={query} />
      <h3>{t('alternatives.times')}</h3>
      <TimeChoices
        slots={times.data?.slots}
        none={t('alternatives.noTimes')}
        onChoose={onChooseTime}
      />
      <h3>{t('alternatives.lounges')}</h3>
      {!lounges.data ? (
        loading
      ) : lounges.data.lounges.length === 0 ? (
        <p>{t('alternatives.noLounges')}</p>
      ) : (
        <ul>
          {lounges.data.lounges.map((lounge) => (
            <li key={lounge.code} className="prebooking__other-lounge">
              <Link
                className="button button--secondary"
                to={paths.prebooking.detail.getHref() + `?code=${encodeURIComponent(lounge.code)}`}
                onClick={() => onChooseLounge(lounge.code, lounge.slot.time)}
                aria-describedby={`other-lounge-${lounge.code}`}
              >
                {t('alternatives.bookLounge', { name: lounge.name, time: lounge.slot.time })}
              </Link>
              <p id={`other-lounge-${lounge.code}`}>
                {t('alternatives.loungePlace', {
                  terminal: lounge.terminal,
                  side: t(`lounge.side.${lounge.side}`),
                })}{' '}
                {lounge.guestPrice
                  ? t('alternatives.loungeGuestPrice', { price: formatMoney(lounge.guestPrice) })
                  : t('alternatives.loungePassesOnly')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
