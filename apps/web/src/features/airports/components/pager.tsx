import { useTranslation } from '@/shared/i18n/use-translation';
import { AIRPORTS_NS } from '../i18n';

interface PagerProps {
  label: string;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

export function Pager({ label, page, pageCount, onPage }: PagerProps) {
  const { t } = useTranslation(AIRPORTS_NS);
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button button--secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('pager.previous')}
      </button>
      <span className="pager__status">{t('pager.status', { page, count: pageCount })}</span>
      <button
        type="button"
        className="button button--secondary"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}
