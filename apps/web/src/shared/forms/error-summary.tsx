import './forms.css';
import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { FORMS_NS } from './i18n';

/** A field's message for the summary: the id of the field's control, and its message if any. */
export type SummaryError = readonly [fieldId: string, message: string | undefined];

/** A link's field focused in place, without the router or the address taking the #fragment. */
function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
  const field = document.getElementById(fieldId);
  if (!field) return;
  event.preventDefault();
  field.focus();
}

/**
 * What is wrong with a form, at its top (the GOV.UK Design System's error summary): "There is a
 * problem" and each field's message as a link to the field. Focus moves to it after each submit
 * that finds errors (`focusKey` changes), so a phone scrolls to it rather than staying on the
 * last field.
 */
export function ErrorSummary({
  errors,
  focusKey,
}: {
  /** Each field's message, in the form's order; a field without one is left out. */
  errors: readonly SummaryError[];
  /** Changed by each submit that found errors. */
  focusKey: number;
}) {
  const { t } = useTranslation(FORMS_NS);
  const titleId = useId();
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusKey > 0) summary.current?.focus();
  }, [focusKey]);
  const shown = errors.flatMap(([fieldId, message]) => (message ? [{ fieldId, message }] : []));
  if (shown.length === 0) return null;
  return (
    <div
      ref={summary}
      className="error-summary"
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <h2 id={titleId} className="error-summary__title">
        {t('errorSummary.title')}
      </h2>
      <ul className="error-summary__list">
        {shown.map(({ fieldId, message }, index) => (
          <li key={`${index}-${fieldId}`}>
            <a href={`#${fieldId}`} onClick={(event) => focusField(event, fieldId)}>
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
