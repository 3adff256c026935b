import '../membership.css';
import { formatMembershipNumber } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { formatDay } from '@/shared/lib/format-dates';
import { PageTitle } from '@/shared/ui/page-title';
import { useMembershipList, useSwitchMembership } from '../api/membership';
import { MEMBERSHIP_NS } from '../i18n';
import { MembershipLoad } from './membership-load';
import { NoMembership } from './no-membership';

/** /membership/list: every membership of the member, and which one is in use (switch). */
export function ListPage() {
  const { t } = useTranslation(MEMBERSHIP_NS);
  const { t: tp } = useTranslation('pages');
  const title = tp('membership.list');
  const list = useMembershipList();
  const switching = useSwitchMembership();
  const [status, setStatus] = useState('');

  const use = (dpid: string) => {
    if (switching.isPending) return;
    setStatus('');
    switching.mutate(
      { dpid },
      { onSuccess: () => setStatus(t('list.switched', { last4: dpid.slice(-4) })) },
    );
  };

  return (
    <section className="page membership" aria-labelledby="membership-list-title">
      <PageTitle title={title} />
      <h1 id="membership-list-title">{title}</h1>
      <p>{t('list.lead')}</p>
      <p role="status" className="membership__status-line">
        {status}
      </p>
      {switching.isError ? (
        <p className="field__error" role="alert">
          {t('list.failed')}
        </p>
      ) : null}
      {!list.data ? (
        <MembershipLoad failed={list.isError} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <NoMembership />
      ) : (
        <ul className="membership-list">
          {list.data.map((m) => (
            <li key={m.dpid} className="membership-list__item">
              <h2 className="membership-list__name">{m.cardName}</h2>
              <p className="membership-list__number">{formatMembershipNumber(m.dpid)}</p>
              <p>
                <span className={`membership__badge membership__badge--${m.status}`}>
                  {t(`status.${m.status}`)}
                </span>{' '}
                {m.inUse ? <span className="membership__badge">{t('status.inUse')}</span> : null}
              </p>
              <p>
                {t('overview.expires')}: {formatDay(m.expiresOn)} ·{' '}
                {t('list.passesLeft', { count: m.entitlements.passesLeft })}
              </p>
              {m.inUse ? null : (
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t('list.useNamed', { last4: m.dpid.slice(-4) })}
                  aria-disabled={switching.isPending || undefined}
                  onClick={() => use(m.dpid)}
                >
                  {t('list.use')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
