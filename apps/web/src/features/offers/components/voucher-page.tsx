import '../offers.css';
import type { Voucher } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useSearchParams } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { formatVisitDay } from '@/shared/lib/format-dates';
import { qrModules } from '@/shared/lib/qr';
import { DownloadButton } from '@/shared/ui/download-button';
import { LoadState } from '@/shared/ui/load-state';
import { PageTitle } from '@/shared/ui/page-title';
import { QrCode } from '@/shared/ui/qr-code';
import { useDownloadOfferPdf, useMyVouchers } from '../api/offers';
import { OFFERS_NS } from '../i18n';
import { OfferNotFound } from './offer-not-found';
import { OfferTermsList } from './offer-terms-list';

/** /offers/voucher?code=: one of the member's vouchers, to show at the till until used. */
export function VoucherPage() {
  const { t } = useTranslation(OFFERS_NS);
  const { t: tp } = useTranslation('pages');
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim().toUpperCase();
  const list = useMyVouchers();
  const voucher = list.data?.find((v) => v.code === code);
  const title = tp('offers.voucher');

  if (list.data && !voucher) {
    return (
      <OfferNotFound
        title={t('voucher.notFoundTitle')}
        text={t('voucher.notFound')}
        to={paths.account.bookings.getHref()}
        link={t('voucher.backToBookings')}
      />
    );
  }

  return (
    <section
      className="page page--narrow offer-page"
      aria-labelledby="page-title"
      aria-busy={list.isPending}
    >
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      {voucher ? (
        <VoucherView voucher={voucher} />
      ) : (
        <LoadState
          failed={list.isError}
          onRetry={() => void list.refetch()}
          loading={t('voucher.loading')}
          failedText={t('voucher.loadFailed')}
          retry={t('voucher.retry')}
        />
      )}
    </section>
  );
}

function VoucherView({ voucher }: { voucher: Voucher }) {
  const { t } = useTranslation(OFFERS_NS);
  const [usedDate, usedTime] = voucher.usedAt?.split(' ') ?? [];
  return (
    <>
      <p className="page__lead">{voucher.outletName}</p>
      <p className="voucher__code">
        <span className="voucher__code-label">{t('voucher.code')}</span>{' '}
        <strong data-testid="voucher-code">{voucher.code}</strong>
      </p>
      {voucher.qr ? (
        <>
          <QrCode
            className="voucher__qr"
            qr={qrModules(voucher.qr)}
            label={t('voucher.qr', { code: voucher.code })}
          />
          <p>{t('voucher.qrHint')}</p>
        </>
      ) : null}
      <dl className="offer-terms">
        <dt>{t('voucher.status')}</dt>
        <dd>
          {t(`voucher.statusValue.${voucher.status}`)}
          {usedDate && usedTime
            ? ` (${t('voucher.usedAt', { date: formatVisitDay(usedDate), time: usedTime })})`
            : ''}
        </dd>
        <dt>{t('voucher.outlet')}</dt>
        <dd>
          {voucher.outletName}, {voucher.terminal}
        </dd>
        <dt>{t('voucher.airport')}</dt>
        <dd>
          {voucher.airportName} ({voucher.airportCode})
        </dd>
        <dt>{t('voucher.validUntil')}</dt>
        <dd>
          {t('voucher.validUntilValue', {
            date: formatVisitDay(voucher.date),
            time: voucher.validUntil,
          })}
        </dd>
        {voucher.membershipNumber ? (
          <>
            <dt>{t('voucher.membership')}</dt>
            <dd>{voucher.membershipNumber}</dd>
          </>
        ) : null}
      </dl>
      <h2>{t('redeem.termsTitle')}</h2>
      <OfferTermsList terms={voucher.terms} />
      {voucher.conditions ? <p>{voucher.conditions}</p> : null}
      <div className="offer-page__actions">
        <DownloadButton
          file={useDownloadOfferPdf()}
          variables={{ id: voucher.productId }}
          fileName={`voucher-${voucher.code}.pdf`}
          label={t('voucher.pdf')}
          busyLabel={t('voucher.pdfBusy')}
          failedText={t('voucher.pdfFailed')}
        />
        <Link className="button button--secondary" to={paths.account.bookings.getHref()}>
          {t('voucher.backToBookings')}
        </Link>
      </div>
    </>
  );
}
