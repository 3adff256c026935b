import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { MembershipCard } from '@/shared/membership/membership-card';
import type { MembershipCardPreview } from '@/shared/storage/storage-types';
import { SIGN_UP_NS } from '../i18n';
import { StepHeading } from './step-heading';

interface SuccessStepProps {
  firstName: string;
  membership: MembershipCardPreview | undefined;
  /** The card-added flow (the app puts the cards feature's offer here). */
  cardOffer?: ReactNode;
}

/**
 * Step index 3: the account exists and the member is logged in; their membership card, the
 * offer to add a payment card (also where 3-D Secure sends them back), and on to the account.
 */
export function SuccessStep({ firstName, membership, cardOffer }: SuccessStepProps) {
  const { t } = useTranslation(SIGN_UP_NS);
  return (
    <>
      <StepHeading focusOnMount>{t('success.title')}</StepHeading>
      <p>{t('success.text', { firstName })}</p>
      {membership ? <MembershipCard card={membership} /> : null}
      <p>
        <Link className="button button--primary button--large" to={paths.account.root.getHref()}>
          {t('success.toAccount')}
        </Link>
      </p>
      {cardOffer}
    </>
  );
}
