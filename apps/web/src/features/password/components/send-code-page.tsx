import '../password.css';
import { SEND_TYPES, type SendType } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { PageTitle } from '../../../shared/ui/page-title';
import { PASSWORD_NS } from '../i18n';
import { BackToLogin } from './back-to-login';
import { SendCodeForm } from './send-code-form';

const isSendType = (value: string | undefined): value is SendType =>
  SEND_TYPES.some((type) => type === value);

/** /forgot-psw/send-code/{email|sms}: where to send the code, then the code itself. */
export function SendCodePage() {
  const { t } = useTranslation(PASSWORD_NS);
  const { t: tp } = useTranslation('pages');
  const { type } = useParams();
  if (!isSendType(type)) return <Navigate to={paths.forgotPassword.chooseWay.getHref()} replace />;
  const title = tp('forgotPassword.chooseWay');

  return (
    <section className="page page--narrow password-page" aria-labelledby="page-title">
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      <p className="page__lead">{t(`sendCode.lead.${type}`)}</p>
      {/* A new form per type: nothing typed or sent for one carries over to the other. */}
      <SendCodeForm key={type} sendType={type} />
      <p className="password-page__back">
        <Link to={paths.forgotPassword.chooseWay.getHref()}>{t('sendCode.otherWay')}</Link>
      </p>
      <BackToLogin />
    </section>
  );
}
