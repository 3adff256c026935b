import '../account.css';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Outlet } from '@/shared/router';
import { useAuth } from '@/shared/storage/use-auth';
import { useMyDetails } from '@/shared/account/get-my-details';
import { ACCOUNT_NS } from '../i18n';
import { AccountAbout } from './account-about';
import { AccountMenu } from './account-menu';

/**
 * The account area's frame (spec section 2): the greeting, the side menu (a disclosure below
 * 1024 px) and About. It holds the page container; each page brings its own h1 and title.
 */
export function AccountLayout() {
  const { t } = useTranslation(ACCOUNT_NS);
  const { isLogin, userInfo } = useAuth();
  const details = useMyDetails(isLogin);
  // The stored user info greets at once; the profile, once loaded, has the last word.
  const person = details.data ?? userInfo;
  const name = [person?.firstName, person?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

  return (
    <div className="page account-layout">
      {name ? <p className="account-layout__greeting">{t('greeting', { name })}</p> : null}
      <div className="account-layout__menu">
        <AccountMenu />
      </div>
      <div className="account-layout__content">
        <Outlet />
      </div>
      <div className="account-layout__about">
        <AccountAbout />
      </div>
    </div>
  );
}
