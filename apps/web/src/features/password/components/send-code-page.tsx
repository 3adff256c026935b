import '../password.css';
import { SEND_TYPES, type SendType } from '@portal/contract';
import { useEffect } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useNavigate, useParams } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { NarrowPage } from '@/shared/ui/narrow-page';
import { PASSWORD_NS } from '../i18n';
import { BackToLogin } from './back-to-login';
import { SendCodeForm } from './send-code-form';

const isSendType = (value: string | undefined): value is SendType =>
  SEND_TYPES.some((type) => type === value);

/** /forgot-psw/send-code/{email|sms}: where to send the code, then the code itself. */
export function SendCodePage() {
  const { t } = useTranslation(PASSWORD_NS);
  const { t: tp } = useTranslation('pages');
  const navigate = useNavigate();
  const { type } = useParams();
  const known = isSendType(type);

  // An unknown way goes back to the choice. (No <Navigate>: it would grow the home page's router chunk.)
  useEffect(() => {
    if (!known) void navigate(paths.forgotPassword.chooseWay.getHref(), { replace: true });
  }, [known, navigate]);

  if (!isSendType(type)) return null;

  return (
    <NarrowPage
      className="password-page"
      title={tp('forgotPassword.chooseWay')}
      lead={t(`sendCode.lead.${type}`)}
    >
      {/* A new form per type: nothing typed or sent for one carries over to the other. */}
      <SendCodeForm key={type} sendType={type} />
      <p className="password-page__back">
        <Link to={paths.forgotPassword.chooseWay.getHref()}>{t('sendCode.otherWay')}</Link>
      </p>
      <BackToLogin />
    </NarrowPage>
  );
}
