import './password.css';
import {
  PASSWORD_RULES,
  passwordRuleMessages,
  passwordRules,
  passwordStrength,
  passwordStrengthMessages,
} from '@portal/contract';
import { useId } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { MESSAGES_NS } from '../i18n/messages';
import { PASSWORD_FIELD_NS } from './i18n';
import { Icon } from './icon';

function RuleIcon({ met }: { met: boolean }) {
  return (
    <Icon className="password-meter__icon" box={16} size={16}>
      {met ? (
        <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      ) : (
        <path d="M4 4l8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="2" />
      )}
    </Icon>
  );
}

/**
 * The five password rules (spec section 5), each shown met or not met by its icon and, for
 * screen readers, in words; and the strength: Strong only when all five match (section 4).
 * Only the strength line is live, so it is announced when it changes, not on every key.
 */
export function PasswordRulesMeter({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation(PASSWORD_FIELD_NS);
  const { t: tm } = useTranslation(MESSAGES_NS);
  const titleId = useId();
  const results = passwordRules(password);
  const strength = passwordStrength(password);

  return (
    <div className="password-meter" id={id}>
      <p className="password-meter__title" id={titleId}>
        {t('rulesTitle')}
      </p>
      <ul className="password-meter__rules" aria-labelledby={titleId}>
        {PASSWORD_RULES.map((rule) => {
          const met = results[rule];
          return (
            <li
              key={rule}
              className={
                met ? 'password-meter__rule password-meter__rule--met' : 'password-meter__rule'
              }
            >
              <RuleIcon met={met} />
              <span>{tm(passwordRuleMessages[rule])}</span>
              <span className="visually-hidden"> ({met ? t('ruleMet') : t('ruleNotMet')})</span>
            </li>
          );
        })}
      </ul>
      <p className="password-meter__strength" aria-live="polite" aria-atomic="true">
        {t('strength')}{' '}
        <strong
          className={
            strength === 'Strong'
              ? 'password-meter__level password-meter__level--strong'
              : 'password-meter__level'
          }
        >
          {tm(passwordStrengthMessages[strength])}
        </strong>
      </p>
    </div>
  );
}
