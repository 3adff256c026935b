import type { Issuer } from '@portal/contract';
import { Suspense, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { lazyNamed } from '@/shared/lib/lazy-named';
import { ExternalLink } from '@/shared/ui/external-link';
import { useTermsLinks } from '@/shared/legal/get-terms-links';
import { TermsPageLink } from './terms-page-link';

const TermsDialog = lazyNamed(() => import('./terms-dialog'), 'TermsDialog');

/** Channels whose footer opens the terms in a modal rather than linking straight to them. */
const MODAL_CHANNELS: Partial<Record<Issuer, 'list' | 'single'>> = {
  coop: 'list',
  barclays: 'single',
};

/**
 * The footer's terms link, per channel (spec section 2): coop lists the terms of each card type
 * in a modal, barclays shows its terms in a modal, the others link to the first terms document.
 * Terms always open in a new tab.
 */
export function TermsLink({ issuer, className }: { issuer: Issuer; className?: string }) {
  const { t } = useTranslation();
  const { data } = useTermsLinks(issuer);
  const [open, setOpen] = useState(false);
  const first = data?.[0];
  if (!data || !first) return <TermsPageLink {...(className ? { className } : {})} />;

  const variant = MODAL_CHANNELS[issuer];
  if (!variant) {
    return (
      <ExternalLink href={first.url} {...(className ? { className } : {})}>
        {t('footer.terms')}
      </ExternalLink>
    );
  }

  return (
    <>
      <button
        type="button"
        className={`button-link ${className ?? ''}`}
        aria-haspopup="dialog"
        onMouseEnter={TermsDialog.preload}
        onFocus={TermsDialog.preload}
        onClick={() => setOpen(true)}
      >
        {t('footer.terms')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <TermsDialog
            items={variant === 'list' ? data : [first]}
            variant={variant}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
