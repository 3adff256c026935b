import '../sign-up.css';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useSearchParams } from '@/shared/router';
import { isLoggedIn } from '@/shared/storage/login-state';
import { storage } from '@/shared/storage/storage';
import { NarrowPage } from '@/shared/ui/narrow-page';
import { SIGN_UP_NS } from '../i18n';
import { SignedInNotice } from './signed-in-notice';
import { SignUpFlow } from './sign-up-flow';
import { SuccessStep } from './success-step';

/**
 * /sign-up: registration with a membership number, for visitors who are not logged in. The
 * finish screen shows `cardOffer` (the card-added flow), and shows again when 3-D Secure for a
 * card added there sends the member back (`?threeDS=return`).
 */
export function SignUpPage({ cardOffer }: { cardOffer?: ReactNode }) {
  const { t } = useTranslation(SIGN_UP_NS);
  const { t: tp } = useTranslation('pages');
  // Registering logs the member in: the flow stays until its success screen.
  const [loggedInOnArrival] = useState(isLoggedIn);
  const [params] = useSearchParams();
  // Back from 3-D Secure for a card added on the success screen: that screen again, with the outcome.
  const [cardReturn] = useState(() => params.get('threeDS') === 'return' && params.has('cardId'));
  return (
    <NarrowPage className="sign-up" title={t('title')} documentTitle={tp('signUp')}>
      {loggedInOnArrival && cardReturn ? (
        <SuccessStep
          firstName={storage.get('userInfo')?.firstName ?? ''}
          membership={storage.get('mbInfo')}
          cardOffer={cardOffer}
        />
      ) : loggedInOnArrival ? (
        <SignedInNotice />
      ) : (
        <SignUpFlow cardOffer={cardOffer} />
      )}
    </NarrowPage>
  );
}
