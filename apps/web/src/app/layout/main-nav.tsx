import { Suspense, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, NavLink, useLocation } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { useAuth } from '@/shared/storage/use-auth';
import { lazyNamed } from '@/shared/lib/lazy-named';

// Only members need the menu, so its code loads with the first logged-in page.
const UserMenu = lazyNamed(() => import('./user-menu'), 'UserMenu');

const LIST_ID = 'main-nav-list';

export function MainNav() {
  const { t } = useTranslation();
  const auth = useAuth();
  const { pathname } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  // The small-screen menu closes by itself when the user navigates.
  const open = openAt === pathname;

  const links = [
    { to: paths.airport.getHref(), label: t('nav.airports') },
    { to: paths.membership.root.getHref(), label: t('nav.membership') },
    { to: paths.faqs.getHref(), label: t('nav.faqs') },
  ];

  return (
    <nav className="main-nav" aria-label={t('nav.label')}>
      <button
        type="button"
        className="main-nav__toggle"
        aria-expanded={open}
        aria-controls={LIST_ID}
        onClick={() => setOpenAt(open ? null : pathname)}
      >
        {open ? t('nav.closeMenu') : t('nav.menu')}
      </button>
      <ul id={LIST_ID} className="main-nav__list" data-open={open}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink className="main-nav__link" to={link.to}>
              {link.label}
            </NavLink>
          </li>
        ))}
        <li className="main-nav__account">
          {auth.isLogin ? (
            <Suspense fallback={<span className="user-menu__placeholder" aria-hidden="true" />}>
              <UserMenu initials={auth.initials} fullName={auth.fullName} />
            </Suspense>
          ) : (
            <Link className="main-nav__login button button--on-dark" to={paths.login.getHref()}>
              {t('nav.logIn')}
            </Link>
          )}
        </li>
      </ul>
    </nav>
  );
}
