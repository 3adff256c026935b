import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useLocation } from '@/shared/router';
import { focusPageTitle } from '@/shared/lib/focus-page-title';
import { ACCOUNT_NS } from '../i18n';
import { ACCOUNT_MENU_KEYS, accountMenuHref, activeMenuKey } from '../lib/account-menu';

/**
 * The account pages' menu (spec section 2): a list of links beside the page from 1024 px, and
 * below that a disclosure ("Account menu") that opens the same list. Links rather than a select
 * that navigates on change: choosing with the arrow keys never leaves the page by surprise.
 * A link chosen from the open disclosure closes it with the navigation, and focus goes to the
 * new page's h1: otherwise it would be lost with the list that hides. The layout does this for
 * a new page too (useFocusPageOnNavigate); this covers a link to the page already shown.
 */
export function AccountMenu() {
  const { t } = useTranslation(ACCOUNT_NS);
  const location = useLocation();
  const { pathname } = location;
  // Open for the location it was opened at: any navigation (even to the page itself) closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const setOpen = (shown: boolean) => setOpenAt(shown ? location.key : null);
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const titleFocusDue = useRef(false);
  const active = activeMenuKey(pathname);

  useEffect(() => {
    if (!titleFocusDue.current) return;
    // A task later: after this commit's effects, the layout's move to main included.
    const timer = window.setTimeout(() => {
      titleFocusDue.current = false;
      focusPageTitle();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [location.key]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <nav
      aria-label={t('menu.label')}
      className={open ? 'account-menu account-menu--open' : 'account-menu'}
      onKeyDown={onKeyDown}
    >
      <button
        ref={toggleRef}
        type="button"
        className="account-menu__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {t('menu.toggle')}
        <svg className="account-menu__chevron" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul id={listId} className="account-menu__list">
        {ACCOUNT_MENU_KEYS.map((key) => {
          const href = accountMenuHref(key);
          // A booking's detail page is inside My bookings: the section, not the page itself.
          const current = key === active ? (pathname === href ? 'page' : 'true') : undefined;
          return (
            <li key={key}>
              <Link
                className="account-menu__link"
                to={href}
                aria-current={current}
                onClick={(event) => {
                  const newTab = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
                  // The list stays until the new page is there; then the menu closes.
                  if (open && !newTab) titleFocusDue.current = true;
                }}
              >
                {t(`menu.${key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
