import type { FastTrackReview } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, Navigate } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { formatVisitDay } from '@/shared/lib/format-dates';
import { formatMoney } from '@/shared/lib/format-money';
import { laneReviewQueryOptions } from '../api/prebooking';
import { PREBOOKING_NS } from '../i18n';
import { FAST_TRACK_FLOW, laneDraft } from '../lib/flows';
import { CancellationRule, HeldStep } from './hold-state';
import { PrebookingFrame } from './prebooking-frame';
import { ContactRows, PricePanel, VisitPanel } from './price-rows';

/** "08:00" plus `minutes`, on a 24-hour clock. */
const addMinutes = (time: string, minutes: number) => {
  const [h, m] = time.split(':').map(Number);
  const total = ((h ?? 0) * 60 + (m ?? 0) + minutes) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

/** The fast-track booking in progress, fact by fact. */
function LaneVisit({ review }: { review: FastTrackReview }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const { lane } = review;
  return (
    <dl className="prebooking__facts">
      <dt>{t('lane.lane')}</dt>
      <dd>{lane.lane ?? lane.name}</dd>
      <dt>{t('review.date')}</dt>
      <dd>{formatVisitDay(review.date)}</dd>
      <dt>{t('review.time')}</dt>
      <dd>
        {t('lane.window', {
          from: review.time,
          to: addMinutes(review.time, lane.slotMinutes),
          zone: lane.timeZone,
        })}
      </dd>
      <dt>{t('review.flight')}</dt>
      <dd>{review.flightNumber}</dd>
      <dt>{t('review.passengers')}</dt>
      <dd>
        <ul className="prebooking__names">
          {review.passengers.map((p, i) => (
            <li key={i}>
              {p.free ? t('lane.free', { name: p.name }) : p.name}
              {p.ageBand ? ` (${t(`lane.band.${p.ageBand}`)})` : ''}
            </li>
          ))}
        </ul>
      </dd>
    </dl>
  );
}

function LaneReviewBody({ holdId, expiresAt }: { holdId: string; expiresAt: string | undefined }) {
  const review = useQuery(laneReviewQueryOptions(holdId));
  return (
    <HeldStep flow={FAST_TRACK_FLOW} query={review} expiresAt={expiresAt}>
      {(data) => <LaneReviewContent data={data} />}
    </HeldStep>
  );
}

function LaneReviewContent({ data }: { data: FastTrackReview }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const { contact } = data;
  return (
    <>
      <VisitPanel title={t('lane.visit')} place={data.lane}>
        <LaneVisit review={data} />
      </VisitPanel>
      <PricePanel
        price={data.price}
        before={
          data.lane.pricePerPerson ? (
            <p>
              {t('lane.pricePerPerson')}: {formatMoney(data.lane.pricePerPerson)}
            </p>
          ) : null
        }
      />
      <section className="prebooking__panel" aria-labelledby="rules-title">
        <h2 id="rules-title">{t('lane.rules')}</h2>
        <p>{t('lane.rulesText')}</p>
        <h3>{t('review.cancellation')}</h3>
        <CancellationRule rule={data.cancellation} />
      </section>
      <section className="prebooking__panel" aria-labelledby="contact-title">
        <h2 id="contact-title">{t('lane.lead')}</h2>
        <ContactRows contact={contact} />
        {contact.confirmed ? <p>{t('review.confirmed')}</p> : null}
      </section>
      <div className="prebooking__actions">
        <Link className="button button--secondary" to={paths.cipPrebooking.passenger.getHref()}>
          {t('lane.changePassengers')}
        </Link>
        <Link className="button button--primary" to={paths.cipPrebooking.payment.getHref()}>
          {t('review.continue')}
        </Link>
      </div>
    </>
  );
}

/** /cipprebooking/review (step 3 of 4): the lane, the window, the passengers, the price, the rules. */
export function LaneReviewPage() {
  const { t: tp } = useTranslation('pages');
  const draft = laneDraft.read();
  return (
    <PrebookingFrame flow={FAST_TRACK_FLOW} title={tp('cipPrebooking.review')} step={3}>
      {draft?.holdId ? (
        <LaneReviewBody holdId={draft.holdId} expiresAt={draft.expiresAt} />
      ) : (
        <Navigate to={paths.cipPrebooking.detail.getHref()} replace />
      )}
    </PrebookingFrame>
  );
}
