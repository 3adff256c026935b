import '../membership.css';
import type { Membership } from '@portal/contract';
import { formatMembershipNumber } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { paths } from '@/shared/config/paths';
import { formatDay } from '@/shared/lib/format-dates';
import { storage } from '@/shared/storage/storage';
import { PageTitle } from '@/shared/ui/page-title';
import { useMembershipStatus } from '../api/membership';
import { MEMBERSHIP_NS } from '../i18n';
import { Fact } from './fact';
import { CertificateButton } from './certificate-button';
import { MembershipArt } from './membership-art';
import { MembershipLoad } from './membership-load';
import { NoMembership } from './no-membership';
import { StatusModal } from './status-modal';

const last4 = (dpid: string) => dpid.slice(-4);

/** The membership's details as a description list. */
function MembershipDetails({ membership }: { membership: Membership }) {
  const { t } = useTranslation(MEMBERSHIP_NS);
  const e = membership.entitlements;
  return (
    <>
      <dl className="membership__facts">
        <Fact term={t('overview.number')}>{formatMembershipNumber(membership.dpid)}</Fact>
        <Fact term={t('overview.holder')}>{membership.holderName ?? ''}</Fact>
        <Fact term={t('overview.issuer')}>{membership.cardName}</Fact>
        {membership.issuedOn ? (
          <Fact term={t('overview.issued')}>{formatDay(membership.issuedOn)}</Fact>
        ) : null}
        <Fact term={t('overview.expires')}>{formatDay(membership.expiresOn)}</Fact>
      </dl>
      <h2>{t('overview.entitlements')}</h2>
      <dl className="membership__facts membership__entitlements">
        <Fact term={t('overview.passesPerYear')}>{e.passesPerYear}</Fact>
        <Fact term={t('overview.passesBought')}>{e.passesBought}</Fact>
        <Fact term={t('overview.passesUsed')}>{e.passesUsed}</Fact>
        <Fact term={t('overview.passesLeft')} testId="passes-left">
          {e.passesLeft}
        </Fact>
        <Fact term={t('overview.guests')}>{e.guestsPerVisit}</Fact>
      </dl>
      <h2>{t('overview.sharedWith')}</h2>
      {membership.sharedWith.length === 0 ? (
        <p>{t('overview.sharedNobody')}</p>
      ) : (
        <ul className="membership__shared">
          {membership.sharedWith.map((joint) => (
            <li key={joint.dpid}>
              {joint.holderName
                ? t('overview.jointHolder', { name: joint.holderName, last4: last4(joint.dpid) })
                : t('overview.jointHolderUnnamed', { last4: last4(joint.dpid) })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * /membership/overview: the membership in use (card, status, entitlements, joint holders) and
 * what the member can do with it. An expired or suspended membership says so in its modal.
 */
export function OverviewPage() {
  const { t } = useTranslation(MEMBERSHIP_NS);
  const { t: tp } = useTranslation('pages');
  const title = tp('membership.overview');
  const status = useMembershipStatus();
  const membership = status.data?.membership;
  // Expired and suspended say so at once; active on asking.
  const [modalFor, setModalFor] = useState<string | undefined>(undefined);
  const [dismissed, setDismissed] = useState<string | undefined>(undefined);
  const autoOpen =
    membership && membership.status !== 'active' && dismissed !== membership.dpid
      ? membership.dpid
      : undefined;
  const open = modalFor ?? autoOpen;
  // The number in use, for the pages that follow (spec section 3, mbNum).
  const inUse = membership?.dpid;
  useEffect(() => {
    if (inUse) storage.set('mbNum', inUse);
  }, [inUse]);

  return (
    <section className="page membership" aria-labelledby="membership-title">
      <PageTitle title={title} />
      <h1 id="membership-title">{title}</h1>
      {isApiError(status.error, 'notFound') ? (
        <NoMembership />
      ) : !membership ? (
        <MembershipLoad failed={status.isError} onRetry={() => void status.refetch()} />
      ) : (
        <>
          <div className="membership__top">
            <MembershipArt membership={membership} />
            <p className="membership__status">
              <span className={`membership__badge membership__badge--${membership.status}`}>
                {t(`status.${membership.status}`)}
              </span>{' '}
              <span className="membership__badge">{t('status.inUse')}</span>{' '}
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setModalFor(membership.dpid)}
              >
                {t('overview.statusDetails')}
              </button>
            </p>
          </div>
          <MembershipDetails membership={membership} />
          <h2>{t('overview.actions')}</h2>
          <div className="membership__actions">
            {membership.status === 'active' ? (
              <Link className="button button--primary" to={paths.membership.buy.getHref()}>
                {t('overview.buy')}
              </Link>
            ) : membership.status === 'expired' ? (
              <Link className="button button--primary" to={paths.membership.buy.getHref()}>
                {t('overview.renew')}
              </Link>
            ) : null}
            <Link className="button button--secondary" to={paths.membership.add.getHref()}>
              {t('overview.add')}
            </Link>
            <Link className="button button--secondary" to={paths.membership.list.getHref()}>
              {t('overview.list')}
            </Link>
            {membership.status === 'active' ? (
              <Link className="button button--secondary" to={paths.membership.card.getHref()}>
                {t('overview.card')}
              </Link>
            ) : null}
            <CertificateButton dpid={membership.dpid} />
          </div>
          {open === membership.dpid ? (
            <StatusModal
              membership={membership}
              onClose={() => {
                setModalFor(undefined);
                setDismissed(membership.dpid);
              }}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
