import { useTranslation } from '@/shared/i18n/use-translation';
import { isApiError } from '@/shared/api/api-errors';
import { FormError } from '@/shared/forms/form-error';
import { formatCountdown } from '@/shared/lib/use-countdown';
import { AUTH_NS } from '../i18n';
import { MembershipSuspended } from './membership-suspended';

interface LoginAlertProps {
  error: unknown;
  /** Seconds left of a loginLocked wait. */
  lockSecondsLeft: number;
}

/**
 * What the server refused, as the catalogue says it (spec section 8). Faults (network, 5xx)
 * are left to the global overlay.
 */
export function LoginAlert({ error, lockSecondsLeft }: LoginAlertProps) {
  const { t } = useTranslation(AUTH_NS);
  if (!isApiError(error)) return null;
  if (error.name === 'membershipSuspended') return <MembershipSuspended />;
  if (error.name === 'loginLocked') {
    if (lockSecondsLeft <= 0) return null;
    return (
      <p role="alert" className="notice notice--error">
        {t('login.locked')} {/* A timer inside the alert: announced once, not every second. */}
        <span role="timer" className="auth-alert__timer">
          {formatCountdown(lockSecondsLeft)}
        </span>
      </p>
    );
  }
  return <FormError error={error} />;
}
