import { formatMobile, groupDigits, type MyDetails } from '@portal/contract';
import type { Ref } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ACCOUNT_NS } from '../i18n';
import { EmailVerification } from './email-verification';

interface ProfileViewProps {
  details: MyDetails;
  onEdit: () => void;
  editRef?: Ref<HTMLButtonElement>;
}

/** The profile as saved: names, email and whether it is verified, mobile, membership numbers. */
export function ProfileView({ details, onEdit, editRef }: ProfileViewProps) {
  const { t } = useTranslation(ACCOUNT_NS);
  const numbers = details.membershipNumbers ?? [];
  const mobile = details.mobileNo ? formatMobile(details.mobileNoPrefix, details.mobileNo) : '';
  return (
    <>
      <dl className="profile-details">
        <div>
          <dt>{t('profile.firstName')}</dt>
          <dd>{details.firstName}</dd>
        </div>
        <div>
          <dt>{t('profile.lastName')}</dt>
          <dd>{details.lastName}</dd>
        </div>
        <div>
          <dt>{t('profile.email')}</dt>
          <dd>
            <span className="profile-details__email">
              <span>{details.email}</span>{' '}
              <span className={details.emailIsCheck ? 'badge badge--open' : 'badge badge--closed'}>
                {details.emailIsCheck ? t('profile.verified') : t('profile.notVerified')}
              </span>
            </span>
            {details.emailIsCheck ? null : <EmailVerification />}
          </dd>
        </div>
        <div>
          <dt>{t('profile.mobile')}</dt>
          <dd>{mobile}</dd>
        </div>
        <div>
          <dt>{t('profile.membershipNumbers')}</dt>
          <dd>
            {numbers.length > 0 ? (
              <ul className="profile-details__numbers">
                {numbers.map((number) => (
                  <li key={number}>{groupDigits(number)}</li>
                ))}
              </ul>
            ) : (
              t('profile.noMembershipNumbers')
            )}
          </dd>
        </div>
      </dl>
      <button ref={editRef} type="button" className="button button--primary" onClick={onEdit}>
        {t('profile.edit')}
      </button>
    </>
  );
}
