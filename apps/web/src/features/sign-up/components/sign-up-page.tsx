import '../sign-up.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLoggedIn } from '../../../shared/storage/login-state';
import { NarrowPage } from '../../../shared/ui/narrow-page';
import { SIGN_UP_NS } from '../i18n';
import { SignedInNotice } from './signed-in-notice';
import { SignUpFlow } from './sign-up-flow';

/** /sign-up: registration with a membership number, for visitors who are not logged in. */
export function SignUpPage() {
  const { t } = useTranslation(SIGN_UP_NS);
  const { t: tp } = useTranslation('pages');
  // Registering logs the member in: the flow stays until its success screen.
  const [loggedInOnArrival] = useState(isLoggedIn);
  return (
    <NarrowPage className="sign-up" title={t('title')} documentTitle={tp('signUp')}>
      {loggedInOnArrival ? <SignedInNotice /> : <SignUpFlow />}
    </NarrowPage>
  );
}
