import type { BookingContact, BookingReview } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, Navigate, useNavigate } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { errorMessageOf } from '@/shared/api/error-message';
import { paths } from '@/shared/config/paths';
import { Form, SubmitButton } from '@/shared/forms/form';
import { TextField } from '@/shared/forms/text-field';
import { formatVisitDay } from '@/shared/lib/format-dates';
import { reviewQueryOptions, useConfirmCardholder, useReview } from '../api/prebooking';
import { PREBOOKING_NS } from '../i18n';
import { readDraft } from '../lib/draft';
import { LOUNGE_FLOW } from '../lib/flows';
import { CancellationRule, HeldStep } from './hold-state';
import { PrebookingFrame } from './prebooking-frame';
import { ContactRows, PricePanel, VisitPanel } from './price-rows';

/** The booking in progress, fact by fact. */
function Visit({ review }: { review: BookingReview }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const { membership } = review;
  return (
    <dl className="prebooking__facts">
      <dt>{t('review.date')}</dt>
      <dd>{formatVisitDay(review.date)}</dd>
      <dt>{t('review.time')}</dt>
      <dd>{t('review.localTime', { time: review.time, zone: review.lounge.timeZone })}</dd>
      <dt>{t('review.flight')}</dt>
      <dd>{review.flightNumber}</dd>
      <dt>{t('review.passengers')}</dt>
      <dd>{review.passengerNames.join(', ')}</dd>
      <dt>{t('review.infants')}</dt>
      <dd>{review.infants}</dd>
      <dt>{t('review.membership')}</dt>
      <dd>
        {membership
          ? t('review.membershipValue', {
              last4: membership.dpid.slice(-4),
              count: membership.passesLeft,
            })
          : t('review.noMembership')}
      </dd>
    </dl>
  );
}

/** The cardholder details: confirmed as they are, or edited and saved. */
function Contact({ holdId, contact }: { holdId: string; contact: BookingContact }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const queryClient = useQueryClient();
  const confirm = useConfirmCardholder();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(contact);
  const [error, setError] = useState<string | undefined>(undefined);

  const save = async (values: BookingContact) => {
    setError(undefined);
    try {
      const saved = await confirm.mutateAsync({
        holdId,
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        mobileNoPrefix: values.mobileNoPrefix,
        mobileNo: values.mobileNo,
      });
      queryClient.setQueryData(reviewQueryOptions(holdId).queryKey, (old) =>
        old ? { ...old, contact: saved } : old,
      );
      setEditing(false);
    } catch (failure) {
      if (isApiError(failure, 'prebookSessionExpired')) {
        void queryClient.invalidateQueries({ queryKey: reviewQueryOptions(holdId).queryKey });
      }
      setError(errorMessageOf(failure, t('payment.failed')));
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save(draft);
  };
  const field = (key: keyof Omit<BookingContact, 'confirmed'>, label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      value={draft[key]}
      maxLength={50}
      onChange={(value) => setDraft((d) => ({ ...d, [key]: value }))}
    />
  );

  return (
    <section className="prebooking__panel" aria-labelledby="contact-title">
      <h2 id="contact-title">{t('review.contact')}</h2>
      <p>{t('review.contactLead')}</p>
      {editing ? (
        <Form onSubmit={submit} busy={confirm.isPending}>
          {field('firstName', t('review.firstName'))}
          {field('lastName', t('review.lastName'))}
          {field('email', t('review.email'), 'email')}
          {field('mobileNoPrefix', t('review.mobilePrefix'), 'tel')}
          {field('mobileNo', t('review.mobileNumber'), 'tel')}
          <div className="prebooking__actions">
            <SubmitButton busy={confirm.isPending}>{t('review.save')}</SubmitButton>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setDraft(contact);
                setEditing(false);
              }}
            >
              {t('review.cancelEdit')}
            </button>
          </div>
        </Form>
      ) : (
        <>
          <ContactRows contact={contact} />
          {contact.confirmed ? (
            <p role="status">{t('review.confirmed')}</p>
          ) : (
            <div className="prebooking__actions">
              <button
                type="button"
                className="button button--primary"
                aria-busy={confirm.isPending || undefined}
                onClick={() => void save(contact)}
              >
                {t('review.confirm')}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setDraft(contact);
                  setEditing(true);
                }}
              >
                {t('review.edit')}
              </button>
            </div>
          )}
        </>
      )}
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function ReviewBody({ holdId, expiresAt }: { holdId: string; expiresAt: string | undefined }) {
  const review = useReview(holdId);
  return (
    <HeldStep flow={LOUNGE_FLOW} query={review} expiresAt={expiresAt}>
      {(data) => <ReviewContent holdId={holdId} data={data} />}
    </HeldStep>
  );
}

function ReviewContent({ holdId, data }: { holdId: string; data: BookingReview }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const navigate = useNavigate();
  const [needsContact, setNeedsContact] = useState(false);
  return (
    <>
      <VisitPanel title={t('review.visit')} place={data.lounge}>
        <Visit review={data} />
      </VisitPanel>
      <PricePanel price={data.price} />
      <section className="prebooking__panel" aria-labelledby="cancel-title">
        <h2 id="cancel-title">{t('review.cancellation')}</h2>
        <CancellationRule rule={data.cancellation} />
      </section>
      <Contact key={String(data.contact.confirmed)} holdId={holdId} contact={data.contact} />
      {needsContact && !data.contact.confirmed ? (
        <p className="notice notice--error" role="alert">
          {t('review.confirmFirst')}
        </p>
      ) : null}
      <div className="prebooking__actions">
        <Link className="button button--secondary" to={paths.prebooking.detail.getHref()}>
          {t('review.back')}
        </Link>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            if (!data.contact.confirmed) {
              setNeedsContact(true);
              return;
            }
            void navigate(paths.prebooking.payment.getHref());
          }}
        >
          {t('review.continue')}
        </button>
      </div>
    </>
  );
}

/** /prebooking/review (step 2): everything, the price, the refund rule, the cardholder details. */
export function ReviewPage() {
  const { t: tp } = useTranslation('pages');
  const draft = readDraft();
  return (
    <PrebookingFrame flow={LOUNGE_FLOW} title={tp('prebooking.review')} step={2}>
      {draft?.holdId ? (
        <ReviewBody holdId={draft.holdId} expiresAt={draft.expiresAt} />
      ) : (
        <Navigate to={paths.prebooking.detail.getHref()} replace />
      )}
    </PrebookingFrame>
  );
}
