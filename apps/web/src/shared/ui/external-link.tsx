import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';

interface ExternalLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
}

/** A link that opens in a new tab, and says so to screen-reader users. */
export function ExternalLink({ href, children, className }: ExternalLinkProps) {
  const { t } = useTranslation();
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children} <span className="visually-hidden">{t('opensInNewTab')}</span>
    </a>
  );
}
