import '../bookings.css';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { PageTitle } from '@/shared/ui/page-title';
import { useUsageHistory } from '../api/get-usage-history';
import { BOOKINGS_NS } from '../i18n';
import { useFocusFirstNew } from '../lib/use-focus-first-new';
import { LoadError } from './load-error';
import { ShowMore } from './show-more';
import { UsageTable } from './usage-table';

/** /account/history: the member's lounge visits, newest first, a page at a time. */
export function UsageHistoryPage() {
  const { t } = useTranslation(BOOKINGS_NS);
  const { t: tp } = useTranslation('pages');
  const history = useUsageHistory();
  const pages = history.data?.pages;
  const entries = pages?.flatMap((page) => page.items) ?? [];
  const total = pages?.at(-1)?.total ?? 0;
  const { container, expectMore } = useFocusFirstNew<HTMLTableElement>(entries.length);
  const title = tp('account.history');

  return (
    <section className="usage-history" aria-labelledby="page-title" aria-busy={history.isPending}>
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      {!pages ? (
        history.isError ? (
          <LoadError message={t('history.loadFailed')} onRetry={() => void history.refetch()} />
        ) : (
          <p role="status">{t('history.loading')}</p>
        )
      ) : entries.length === 0 ? (
        <div className="bookings-empty">
          <p className="bookings-empty__title">{t('history.empty')}</p>
          <Link className="button button--primary" to={paths.airport.getHref()}>
            {t('list.findLounge')}
          </Link>
        </div>
      ) : (
        <>
          <UsageTable entries={entries} tableRef={container} />
          <ShowMore
            status={t('history.shown', { shown: entries.length, count: total })}
            hasMore={history.hasNextPage}
            loading={history.isFetchingNextPage}
            failed={history.isFetchNextPageError}
            failedText={t('history.loadFailed')}
            onMore={() => {
              expectMore();
              void history.fetchNextPage();
            }}
          />
        </>
      )}
    </section>
  );
}
