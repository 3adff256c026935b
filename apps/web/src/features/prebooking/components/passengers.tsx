import { useTranslation } from '@/shared/i18n/use-translation';
import { TextField } from '@/shared/forms/text-field';
import { storage } from '@/shared/storage/storage';
import { PREBOOKING_NS } from '../i18n';

/** The member and their guests (each named), and infants, who take no place. */
export function Passengers({
  guests,
  onGuests,
  infants,
  onInfants,
  maxGuests,
  errors,
}: {
  guests: string[];
  onGuests: (guests: string[]) => void;
  infants: number;
  onInfants: (infants: number) => void;
  maxGuests: number;
  errors: Record<number, string> | undefined;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  const user = storage.get('userInfo');
  return (
    <fieldset className="prebooking__group">
      <legend>{t('detail.passengers')}</legend>
      {user ? <p>{t('detail.you', { name: `${user.firstName} ${user.lastName}` })}</p> : null}
      {guests.map((name, index) => (
        <div className="prebooking__guest" key={index}>
          <TextField
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
      <p className="field__hint">{t('detail.guestCap', { count: maxGuests })}</p>
      {guests.length < maxGuests ? (
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
