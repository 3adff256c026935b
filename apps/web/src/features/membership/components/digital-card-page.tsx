import '../membership.css';
import { formatMembershipNumber, type DigitalCard } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isApiError } from '@/shared/api/api-errors';
import { formatDay } from '@/shared/lib/format-dates';
import { keepForOffline } from '@/shared/lib/offline';
import { useOnlineStatus } from '@/shared/lib/use-online-status';
import { storage } from '@/shared/storage/storage';
import { PageTitle } from '@/shared/ui/page-title';
import { digitalCardQueryOptions } from '../api/membership';
import { MEMBERSHIP_NS } from '../i18n';
import { Fact } from './fact';
import { QrCode } from '@/shared/ui/qr-code';
import { cardQr } from '../lib/card-qr';
import { MembershipArt } from './membership-art';
import { MembershipLoad } from './membership-load';

/** The time, to the second: the code turns over on the period's boundaries. */
function useSecondsNow(): number {
  return useSyncExternalStore(
    (onChange) => {
      const timer = window.setInterval(onChange, 1000);
      return () => window.clearInterval(timer);
    },
    () => Math.floor(Date.now() / 1000),
    () => 0,
  );
}

/** The rotating QR of a card the device holds, with its 6-digit part and the time to the next. */
function RotatingCode({ card }: { card: DigitalCard }) {
  const { t } = useTranslation(MEMBERSHIP_NS);
  const seconds = useSecondsNow();
  const step = Math.floor(seconds / card.period);
  const expired = Date.parse(card.tokenExpiresAt) <= seconds * 1000;
  const qr = useMemo(
    () => cardQr(card.token, card.secret, new Date(step * card.period * 1000)),
    [card.token, card.secret, card.period, step],
  );
  if (expired) {
    return (
      <p className="notice notice--error" role="alert">
        {t('card.refresh')}
      </p>
    );
  }
  return (
    <div className="digital-card__code">
      <QrCode
        className="digital-card__qr"
        qr={qr}
        label={t('card.qr', { last4: card.dpid.slice(-4) })}
        step={step}
      />
      <p className="digital-card__totp">{t('card.code', { totp: qr.totp })}</p>
      <p className="digital-card__next">
        {t('card.next', { count: card.period - (seconds % card.period) })}
      </p>
    </div>
  );
}

/**
 * /membership/card: the digital membership card, its QR rotating every 30 s. The card's parts
 * (a signed token and the TOTP secret) are kept on the device, so it shows with no network; a
 * membership that can no longer have one (suspended, expired) takes the kept copy away.
 */
export function DigitalCardPage() {
  const { t } = useTranslation(MEMBERSHIP_NS);
  const { t: tp } = useTranslation('pages');
  const title = tp('membership.card');
  const online = useOnlineStatus();
  const fetched = useQuery(digitalCardQueryOptions());
  const refused = isApiError(fetched.error) ? fetched.error : undefined;
  // The copy this device kept (read once: what the server answers takes its place).
  const [kept] = useState<DigitalCard | undefined>(() => storage.get('digitalCard'));

  // Everything this page needs, kept for a visit with no network.
  useEffect(() => {
    void keepForOffline().catch(() => undefined);
  }, []);
  useEffect(() => {
    if (fetched.data) storage.set('digitalCard', fetched.data);
  }, [fetched.data]);
  useEffect(() => {
    if (refused) storage.remove('digitalCard');
  }, [refused]);

  const card = fetched.data ?? (refused ? undefined : kept);

  return (
    <section className="page page--narrow membership digital-card" aria-labelledby="card-title">
      <PageTitle title={title} />
      <h1 id="card-title">{title}</h1>
      {refused ? (
        <p className="notice notice--error" role="alert">
          {refused.message}
        </p>
      ) : !card ? (
        fetched.isError ? (
          <p className="notice notice--error" role="alert">
            {t('card.unavailable')}
          </p>
        ) : (
          <MembershipLoad failed={false} onRetry={() => void fetched.refetch()} />
        )
      ) : (
        <>
          {!fetched.data && !online ? (
            <p className="notice" role="status">
              {t('card.offline')}
            </p>
          ) : null}
          <MembershipArt membership={card} />
          <p>{t('card.lead')}</p>
          <RotatingCode card={card} />
          <dl className="membership__facts">
            <Fact term={t('card.number')}>{formatMembershipNumber(card.dpid)}</Fact>
            <Fact term={t('card.holder')}>{card.holderName ?? ''}</Fact>
            <Fact term={t('card.expires')}>{formatDay(card.expiresOn)}</Fact>
          </dl>
        </>
      )}
    </section>
  );
}
