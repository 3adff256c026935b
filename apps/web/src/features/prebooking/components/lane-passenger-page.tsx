import {
  ageBandSchema,
  type AgeBand,
  type BookableLane,
  type BookingContact,
} from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, Navigate, useNavigate } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { errorMessageOf } from '@/shared/api/error-message';
import { paths } from '@/shared/config/paths';
import { CheckboxField, TICKED } from '@/shared/forms/checkbox-field';
import { ErrorSummary } from '@/shared/forms/error-summary';
import { Form } from '@/shared/forms/form';
import { RadioGroup } from '@/shared/forms/radio-group';
import { TextField } from '@/shared/forms/text-field';
import { storage } from '@/shared/storage/storage';
import { useConfirmPassengers, useLaneDetails, useLeadContact } from '../api/prebooking';
import { PREBOOKING_NS } from '../i18n';
import { FAST_TRACK_FLOW, laneDraft, liveHoldOf, type LaneDraft } from '../lib/flows';
import { LaneSummary } from './lane-summary';
import { PrebookingFrame } from './prebooking-frame';
import { PrebookingLoad } from './prebooking-load';
import { StepSubmit } from './step-submit';

type ContactKey = Exclude<keyof BookingContact, 'confirmed'>;
const CONTACT_FIELDS: readonly [ContactKey, string, string][] = [
  ['firstName', 'review.firstName', 'text'],
  ['lastName', 'review.lastName', 'text'],
  ['email', 'review.email', 'email'],
  ['mobileNoPrefix', 'review.mobilePrefix', 'tel'],
  ['mobileNo', 'review.mobileNumber', 'tel'],
];

interface Errors {
  names?: Record<number, string>;
  contact?: Partial<Record<ContactKey, string>>;
  confirm?: string;
  form?: string;
}

/** The fields' ids, for the error summary's links. */
const nameId = (index: number) => `passenger-${index + 1}`;
const contactId = (key: ContactKey) => `contact-${key}`;
const CONFIRM_ID = 'confirm-contact';

const isBand = (value: unknown): value is AgeBand => ageBandSchema.safeParse(value).success;

function PassengerForm({
  draft,
  lane,
  contact,
}: {
  draft: LaneDraft & { date: string; time: string; flightNumber: string };
  lane: BookableLane;
  contact: BookingContact;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  const navigate = useNavigate();
  const confirm = useConfirmPassengers();
  const count = Math.max(1, Math.min(draft.passengers ?? 1, lane.maxPassengers));
  const user = storage.get('userInfo');
  const [names, setNames] = useState<string[]>(() =>
    Array.from(
      { length: count },
      (_, i) => draft.names?.[i] ?? (i === 0 && user ? `${user.firstName} ${user.lastName}` : ''),
    ),
  );
  const [bands, setBands] = useState<AgeBand[]>(() =>
    Array.from({ length: count }, (_, i) => {
      const band = draft.bands?.[i];
      return isBand(band) ? band : 'adult';
    }),
  );
  const [lead, setLead] = useState(contact);
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  // Each submit that finds errors moves focus to their summary.
  const [failedSubmits, setFailedSubmits] = useState(0);

  const validate = (): Errors => {
    const found: Errors = {};
    const unnamed = Object.fromEntries(
      names.flatMap((n, i) => (n.trim() === '' ? [[i, t('lane.nameRequired')]] : [])),
    ) as Record<number, string>;
    if (Object.keys(unnamed).length > 0) found.names = unnamed;
    const missing = Object.fromEntries(
      CONTACT_FIELDS.flatMap(([key]) =>
        lead[key].trim() === '' ? [[key, t('lane.fieldRequired')]] : [],
      ),
    );
    if (Object.keys(missing).length > 0) found.contact = missing;
    if (!confirmed) found.confirm = t('lane.confirmRequired');
    return found;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFailedSubmits((n) => n + 1);
      return;
    }
    try {
      const hold = await confirm.mutateAsync({
        code: draft.code,
        date: draft.date,
        time: draft.time,
        flightNumber: draft.flightNumber,
        passengers: names.map((name, i) => ({
          name: name.trim(),
          ...(lane.ageBands ? { ageBand: bands[i] ?? 'adult' } : {}),
        })),
        contact: {
          firstName: lead.firstName.trim(),
          lastName: lead.lastName.trim(),
          email: lead.email.trim(),
          mobileNoPrefix: lead.mobileNoPrefix.trim(),
          mobileNo: lead.mobileNo.trim(),
        },
        ...(draft.holdId || draft.replaceHoldId
          ? { replaceHoldId: draft.holdId ?? draft.replaceHoldId }
          : {}),
      });
      // The countdown by this browser's clock, from what the server had left.
      const expiresAt = new Date(Date.now() + hold.secondsLeft * 1000).toISOString();
      const { replaceHoldId: _replaced, ...rest } = draft;
      laneDraft.save({ ...rest, names, bands, holdId: hold.holdId, expiresAt });
      void navigate(paths.cipPrebooking.review.getHref());
    } catch (error) {
      setErrors({ form: errorMessageOf(error, t('payment.failed')) });
    }
  };

  return (
    <>
      <LaneSummary lane={lane} />
      <Form onSubmit={(event) => void submit(event)} busy={confirm.isPending}>
        <ErrorSummary
          focusKey={failedSubmits}
          errors={[
            ...names.map((_, i) => [nameId(i), errors.names?.[i]] as const),
            ...CONTACT_FIELDS.map(([key]) => [contactId(key), errors.contact?.[key]] as const),
            [CONFIRM_ID, errors.confirm],
          ]}
        />
        <fieldset className="prebooking__group">
          <legend>{t('detail.passengers')}</legend>
          {names.map((name, index) => (
            <div className="prebooking__passenger" key={index}>
              <TextField
                id={nameId(index)}
                label={index === 0 ? t('lane.leadName') : t('lane.passengerName', { n: index + 1 })}
                value={name}
                error={errors.names?.[index]}
                autoComplete={index === 0 ? 'name' : 'off'}
                maxLength={50}
                onChange={(value) => setNames(names.map((n, i) => (i === index ? value : n)))}
              />
              {lane.ageBands ? (
                <RadioGroup
                  legend={t('lane.ageBand', { n: index + 1 })}
                  name={`band-${index}`}
                  options={ageBandSchema.options.map((band) => ({
                    value: band,
                    label: t(`lane.band.${band}`),
                  }))}
                  value={bands[index] ?? 'adult'}
                  onChange={(band) => setBands(bands.map((b, i) => (i === index ? band : b)))}
                />
              ) : null}
            </div>
          ))}
        </fieldset>
        <fieldset className="prebooking__group">
          <legend>{t('lane.lead')}</legend>
          <p className="field__hint">{t('lane.leadLead')}</p>
          {CONTACT_FIELDS.map(([key, label, type]) => (
            <TextField
              key={key}
              id={contactId(key)}
              label={t(label)}
              type={type}
              name={key}
              value={lead[key]}
              error={errors.contact?.[key]}
              maxLength={50}
              onChange={(value) => setLead((c) => ({ ...c, [key]: value }))}
            />
          ))}
          <CheckboxField
            id={CONFIRM_ID}
            label={t('lane.confirmContact')}
            name="confirm-contact"
            value={confirmed ? TICKED : ''}
            error={errors.confirm}
            onChange={(value) => setConfirmed(value === TICKED)}
          />
        </fieldset>
        <div className="prebooking__actions">
          <Link className="button button--secondary" to={paths.cipPrebooking.detail.getHref()}>
            {t('lane.back')}
          </Link>
        </div>
        <StepSubmit
          busy={confirm.isPending}
          label={t('lane.continue')}
          busyText={t('lane.holding')}
          error={errors.form}
        />
      </Form>
    </>
  );
}

function PassengerBody({
  draft,
}: {
  draft: LaneDraft & { date: string; time: string; flightNumber: string };
}) {
  const lane = useLaneDetails(draft.code, draft.date);
  // The contact confirmed for a hold that still lasts, else (or once the server says it
  // lapsed) the member's own.
  const [withHold, setWithHold] = useState(() => liveHoldOf(draft));
  const contact = useLeadContact(withHold);
  if (withHold && isApiError(contact.error, 'prebookSessionExpired', 'notFound')) {
    setWithHold(undefined);
  }
  if (!lane.data || !contact.data) {
    const failed = lane.isError || contact.isError;
    return (
      <PrebookingLoad
        failed={failed}
        onRetry={() => {
          void lane.refetch();
          void contact.refetch();
        }}
      />
    );
  }
  return <PassengerForm draft={draft} lane={lane.data} contact={contact.data} />;
}

/**
 * /cipprebooking/passenger (step 2 of 4): each passenger named (the member first), their age
 * bands where the airport asks them, the lead passenger's contact confirmed; the window's places
 * are then held while the member reviews and pays.
 */
export function LanePassengerPage() {
  const { t: tp } = useTranslation('pages');
  const draft = laneDraft.read();
  const ready =
    draft?.detailDone && draft.date && draft.time && draft.flightNumber
      ? { ...draft, date: draft.date, time: draft.time, flightNumber: draft.flightNumber }
      : undefined;
  return (
    <PrebookingFrame flow={FAST_TRACK_FLOW} title={tp('cipPrebooking.passenger')} step={2}>
      {ready ? (
        <PassengerBody draft={ready} />
      ) : (
        <Navigate to={paths.cipPrebooking.detail.getHref()} replace />
      )}
    </PrebookingFrame>
  );
}
