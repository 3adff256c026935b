import '../password.css';
import type { SendType } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useNavigate } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { Form, SubmitButton } from '@/shared/forms/form';
import { NarrowPage } from '@/shared/ui/narrow-page';
import { SendTypeChoice } from '@/shared/verification/send-type-choice';
import { PASSWORD_NS } from '../i18n';
import { BackToLogin } from './back-to-login';

/** /forgot-psw/choose-Way: how the forgotten-password code should travel. */
export function ChooseWayPage() {
  const { t } = useTranslation(PASSWORD_NS);
  const { t: tp } = useTranslation('pages');
  const navigate = useNavigate();
  const [way, setWay] = useState<SendType>('email');

  return (
    <NarrowPage
      className="password-page"
      title={tp('forgotPassword.chooseWay')}
      lead={t('chooseWay.lead')}
    >
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void navigate(paths.forgotPassword.sendCode.getHref(way));
        }}
      >
        <SendTypeChoice legend={t('chooseWay.legend')} value={way} onChange={setWay} />
        <SubmitButton>{t('chooseWay.continue')}</SubmitButton>
      </Form>
      <BackToLogin />
    </NarrowPage>
  );
}
