import { useTranslation } from '@/shared/i18n/use-translation';
import { TextField } from '@/shared/forms/text-field';
import { storage } from '@/shared/storage/storage';
import { PREBOOKING_NS } from '../i18n';
import { useGuestLimit } from '../lib/use-guest-limit';

/** A guest's name field's id (`index` from 0), for the error summary's link. */
export const guestFieldId = (index: number) => `guest-${index + 1}`;

/** The member and their guests (each named), and infants, who take no place. */
export function Passengers({
  guests,
  onGuests,
  infants,
  onInfants,
  maxGuests,
  dpid,
  errors,
}: {
  guests: string[];
  onGuests: (guests: string[]) => void;
  infants: number;
  onInfants: (infants: number) => void;
  /** The lounge's own cap: the membership the visit is made with (`dpid`) may allow fewer. */
  maxGuests: number;
  /** The membership chosen to pay passes; none: the one in use. */
  dpid?: string | undefined;
  errors: Record<number, string> | undefined;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  const limit = useGuestLimit({ maxGuests }, dpid);
  const user = storage.get('userInfo');
  return (
    <fieldset className="prebooking__group prebooking__passengers">
      <legend>{t('detail.passengers')}</legend>
      {user ? <p>{t('detail.you', { name: `${user.firstName} ${user.lastName}` })}</p> : null}
      {guests.map((name, index) => (
        <div className="prebooking__guest" key={index}>
          <TextField
            id={guestFieldId(index)}
            label={t('detail.guestName', { n: index + 1 })}
            value={name}
            error={errors?.[index]}
            autoComplete="off"
            maxLength={50}
            onChange={(value) => onGuests(guests.map((g, i) => (i === index ? value : g)))}
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onGuests(guests.filter((_, i) => i !== index))}
          >
            {t('detail.removeGuest', { n: index + 1 })}
          </button>
        </div>
      ))}
      <p className="field__hint">{t('detail.guestCap', { count: limit })}</p>
      {guests.length < limit ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onGuests([...guests, ''])}
        >
          {t('detail.addGuest')}
        </button>
      ) : null}
      <TextField
        label={t('detail.infants')}
        hint={t('detail.infantsHint')}
        type="number"
        inputMode="numeric"
        min={0}
        max={10}
        value={String(infants)}
        onChange={(value) => onInfants(Math.max(0, Math.min(10, Number(value) || 0)))}
      />
    </fieldset>
  );
}
