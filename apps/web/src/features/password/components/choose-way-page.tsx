import '../password.css';
import type { SendType } from '@portal/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { PageTitle } from '../../../shared/ui/page-title';
import { PASSWORD_NS } from '../i18n';
import { BackToLogin } from './back-to-login';

const WAYS: readonly SendType[] = ['email', 'sms'];

/** /forgot-psw/choose-Way: how the forgotten-password code should travel. */
export function ChooseWayPage() {
  const { t } = useTranslation(PASSWORD_NS);
  const { t: tp } = useTranslation('pages');
  const navigate = useNavigate();
  const id = useId();
  const [way, setWay] = useState<SendType>('email');
  const title = tp('forgotPassword.chooseWay');

  return (
    <section className="page page--narrow password-page" aria-labelledby="page-title">
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      <p className="page__lead">{t('chooseWay.lead')}</p>
      <form
        className="password-form"
        onSubmit={(event) => {
          event.preventDefault();
          void navigate(paths.forgotPassword.sendCode.getHref(way));
        }}
      >
        <fieldset className="password-choices">
          <legend>{t('chooseWay.legend')}</legend>
          {WAYS.map((type) => (
            <div className="password-choice" key={type}>
              <input
                type="radio"
                id={`${id}-${type}`}
                name="sendType"
                value={type}
                checked={way === type}
                onChange={() => setWay(type)}
              />
              <label htmlFor={`${id}-${type}`}>{t(`chooseWay.${type}`)}</label>
            </div>
          ))}
        </fieldset>
        <div className="password-form__actions">
          <button type="submit" className="button button--primary">
            {t('chooseWay.continue')}
          </button>
        </div>
      </form>
      <BackToLogin />
    </section>
  );
}
