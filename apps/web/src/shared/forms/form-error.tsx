import type { ErrorName } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isApiError, isServerFault } from '../api/api-errors';
import { MESSAGES_NS } from '../i18n/messages';

interface FormErrorProps {
  error: unknown;
  /** Errors the form shows elsewhere (on a field, or as a page state). */
  handled?: readonly ErrorName[];
}

/**
 * What went wrong with a submit when no field or page state shows it. Server faults are left
 * to the global overlay.
 */
export function FormError({ error, handled = [] }: FormErrorProps) {
  const { t } = useTranslation(MESSAGES_NS);
  let message: string | null = null;
  if (isApiError(error)) {
    const shownElsewhere =
      (error.name !== 'unexpected' && handled.includes(error.name)) ||
      Boolean(error.fields?.length);
    if (!shownElsewhere) message = error.message;
  } else if (error && !isServerFault(error)) {
    message = t('common-error-server');
  }
  return message ? (
    <p className="notice notice--error" role="alert">
      {message}
    </p>
  ) : null;
}
