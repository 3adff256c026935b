import type { WaitlistEntry } from '@portal/contract';
import { useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { errorMessageOf } from '@/shared/api/error-message';
import { paths } from '@/shared/config/paths';
import { formatClockTime, formatVisitDay } from '@/shared/lib/format-dates';
import { useLeaveWaitlist, useWaitlist } from '../api/waitlist';
import { BOOKINGS_NS } from '../i18n';

/** The email's link: step 1 at the slot whose places are held. */
const bookHeldHref = (entry: WaitlistEntry) =>
  `${paths.prebooking.detail.getHref()}?${new URLSearchParams({
    code: entry.code,
    date: entry.date,
    time: entry.time,
    hold: entry.holdId ?? '',
  }).toString()}`;

function WaitlistItem({
  entry,
  onLeave,
  leaving,
}: {
  entry: WaitlistEntry;
  onLeave: () => void;
  leaving: boolean;
}) {
  const { t } = useTranslation(BOOKINGS_NS);
  const titleId = `waitlist-${entry.id}`;
  return (
    <li className="booking-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="booking-card__title">
        {t('waitlist.when', { date: formatVisitDay(entry.date), time: entry.time })}
      </h3>
      <p className="booking-card__where">
        {t('waitlist.where', { lounge: entry.loungeName, airport: entry.airportName })}
      </p>
      <p>{t('waitlist.places', { count: entry.places })}</p>
      {entry.heldUntil ? (
        <p>
          {t('waitlist.held', { count: entry.places, until: formatClockTime(entry.heldUntil) })}{' '}
          <Link to={bookHeldHref(entry)}>{t('waitlist.book')}</Link>
        </p>
      ) : (
        <p>{t('waitlist.position', { position: entry.position ?? 1 })}</p>
      )}
      <button
        type="button"
        className="button button--secondary"
        aria-describedby={titleId}
        aria-busy={leaving || undefined}
        onClick={onLeave}
      >
        {leaving ? t('waitlist.leaving') : t('waitlist.leave')}
      </button>
    </li>
  );
}

/** My Bookings' waiting lists: each live entry, with its place or the places held, to leave. */
export function WaitlistSection() {
  const { t } = useTranslation(BOOKINGS_NS);
  const list = useWaitlist();
  const leave = useLeaveWaitlist();
  const [left, setLeft] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const entries = list.data?.entries ?? [];
  if (entries.length === 0 && !left) return null;
  const leaveEntry = (entry: WaitlistEntry) => {
    if (leave.isPending) return;
    leave.mutate(
      { id: entry.id },
      {
        onSuccess: () => {
          setLeft(t('waitlist.left', { lounge: entry.loungeName }));
          // The button is gone with its entry: the section's heading takes the focus.
          heading.current?.focus();
        },
      },
    );
  };
  return (
    <section className="bookings-waitlist" aria-labelledby="waitlist-title">
      <h2 id="waitlist-title" ref={heading} tabIndex={-1}>
        {t('waitlist.title')}
      </h2>
      <p role="status">{left ?? ''}</p>
      {leave.isError ? (
        <p className="notice notice--error" role="alert">
          {errorMessageOf(leave.error, t('waitlist.failed'))}
        </p>
      ) : null}
      {entries.length > 0 ? (
        <ul className="booking-list">
          {entries.map((entry) => (
            <WaitlistItem
              key={entry.id}
              entry={entry}
              leaving={leave.isPending && leave.variables.id === entry.id}
              onLeave={() => leaveEntry(entry)}
            />
          ))}
        </ul>
      ) : (
        <p>{t('waitlist.none')}</p>
      )}
    </section>
  );
}
