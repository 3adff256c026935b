import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { paths } from '@/shared/config/paths';

interface UserMenuProps {
  initials: string;
  fullName: string;
}

export function UserMenu({ initials, fullName }: UserMenuProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="user-menu__trigger">
        <span className="user-menu__initials">{initials}</span>{' '}
        <span className="visually-hidden">
          {fullName ? t('userMenu.trigger', { name: fullName }) : t('userMenu.triggerNoName')}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="user-menu" align="end" sideOffset={8}>
          <DropdownMenu.Item asChild className="user-menu__item">
            <Link to={paths.account.profile.getHref()}>{t('userMenu.myAccount')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="user-menu__item">
            <Link to={paths.account.bookings.getHref()}>{t('userMenu.bookings')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="user-menu__separator" />
          <DropdownMenu.Item className="user-menu__item" onSelect={logout}>
            {t('userMenu.logOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
