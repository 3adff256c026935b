import { CONTACT_MESSAGE_MAX } from '@portal/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Field } from '@/shared/forms/field';
import type { FieldBinding } from '@/shared/forms/use-form';
import { HELP_NS } from '../i18n';

/** How long typing must pause before screen readers hear the count. */
const ANNOUNCE_DELAY_MS = 1000;

/** From how few characters left screen readers hear the count. */
const ANNOUNCE_FROM_LEFT = 100;

/**
 * The message, with a count of the characters left (or over) that follows each key. Screen
 * readers hear the count only near the limit (100 or fewer left) or over it, once typing pauses,
 * rather than at every key or every pause; the count stays in the box's description throughout.
 */
export function MessageField({
  label,
  value,
  onChange,
  error,
  ref,
}: FieldBinding & { label: string }) {
  const { t } = useTranslation(HELP_NS);
  const countId = useId();
  const left = CONTACT_MESSAGE_MAX - value.length;
  const count =
    left >= 0
      ? t('contactForm.charactersLeft', { count: left })
      : t('contactForm.charactersOver', { count: -left });
  // Far from the limit nothing is said: the live region empties, quietly.
  const toAnnounce = left <= ANNOUNCE_FROM_LEFT ? count : '';
  const [announced, setAnnounced] = useState('');

  useEffect(() => {
    const timer = window.setTimeout(() => setAnnounced(toAnnounce), ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [toAnnounce]);

  return (
    <div className="message-field">
      <Field label={label} error={error} describedBy={countId}>
        {(control) => (
          <textarea
            {...control}
            ref={ref}
            className="field__input message-field__input"
            name="message"
            rows={7}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      </Field>
      <p
        id={countId}
        className={
          left < 0 ? 'message-field__count message-field__count--over' : 'message-field__count'
        }
      >
        {count}
      </p>
      <p className="visually-hidden" role="status">
        {announced}
      </p>
    </div>
  );
}
