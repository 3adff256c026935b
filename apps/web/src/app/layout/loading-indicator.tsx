import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useLocation, useNavigation } from '@/shared/router';
import { paths } from '@/shared/config/paths';

/** Shown while any request or route chunk is in flight, except on the home page (spec section 2). */
export function LoadingIndicator() {
  const { t } = useTranslation();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const busy = fetching + mutating > 0 || navigation.state === 'loading';
  if (!busy || pathname === paths.home.path) return null;
  return (
    <div className="loading-bar" role="progressbar" aria-label={t('loading')} aria-busy="true">
      <span className="loading-bar__track" />
    </div>
  );
}
