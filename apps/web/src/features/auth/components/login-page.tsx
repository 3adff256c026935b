import '../auth.css';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useNavigate } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { lazyNamed } from '@/shared/lib/lazy-named';
import { whenIdle } from '@/shared/lib/when-idle';
import { isLoggedIn } from '@/shared/storage/login-state';
import { NarrowPage } from '@/shared/ui/narrow-page';
import { AUTH_NS } from '../i18n';
import { PasswordLoginForm } from './password-login-form';

type Mode = 'password' | 'code';

const CodeLoginForm = lazyNamed(() => import('./code-login-form'), 'CodeLoginForm');

/** /login: email and password, or a one-time code; then back to where the visitor was going. */
export function LoginPage() {
  const { t } = useTranslation(AUTH_NS);
  const { t: tp } = useTranslation('pages');
  const navigate = useNavigate();
  // Only a member who opens the page is sent home; logging in here navigates by itself.
  const [loggedInOnArrival] = useState(isLoggedIn);
  const [mode, setMode] = useState<Mode>('password');
  // Focus moves to the other form only when the member switches, not on arrival.
  const [switched, setSwitched] = useState(false);

  useEffect(() => {
    if (loggedInOnArrival) void navigate(paths.home.getHref(), { replace: true });
  }, [loggedInOnArrival, navigate]);

  useEffect(() => whenIdle(CodeLoginForm.preload), []);

  if (loggedInOnArrival) return null;

  const switchMode = () => {
    setSwitched(true);
    setMode(mode === 'password' ? 'code' : 'password');
  };

  return (
    <NarrowPage title={t('login.title')} documentTitle={tp('login')} lead={t('login.intro')}>
      {mode === 'password' ? (
        <PasswordLoginForm focusOnMount={switched} />
      ) : (
        <Suspense fallback={null}>
          <CodeLoginForm focusOnMount={switched} />
        </Suspense>
      )}
      <div className="auth-links">
        <button type="button" className="button button--secondary" onClick={switchMode}>
          {mode === 'password' ? t('login.useCode') : t('login.usePassword')}
        </button>
        <p>
          <Link to={paths.forgotPassword.root.getHref()}>{t('login.forgotPassword')}</Link>
        </p>
        <p>
          {t('login.noAccount')} <Link to={paths.signUp.getHref()}>{t('login.register')}</Link>
        </p>
      </div>
    </NarrowPage>
  );
}
