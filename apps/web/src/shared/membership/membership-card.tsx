import './membership-card.css';
import { formatMembershipNumber } from '@portal/contract';
import { useId, type CSSProperties } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { IssuerLogo } from '../issuer/issuer-logo';
import { useIssuer } from '../issuer/use-issuer';
import type { MembershipCardPreview } from '../storage/storage-types';
import { MEMBERSHIP_CARD_NS } from './i18n';

/** The artwork as a CSS url(), quoted so the address cannot end the declaration. */
const backgroundOf = (cardBg: string | undefined): CSSProperties | undefined =>
  cardBg ? { backgroundImage: `url(${JSON.stringify(cardBg)})` } : undefined;

/**
 * The membership card preview (spec section 3): number in groups of four, holder and expiry on
 * the issuing bank's colours and logo (a NatWest card is NatWest's on any site theme: the theme's
 * colours apply inside the card by its data-issuer), with the card artwork behind them as
 * decoration. Read as a list of its details, named "Your membership card".
 */
export function MembershipCard({ card }: { card: MembershipCardPreview }) {
  const { t } = useTranslation(MEMBERSHIP_CARD_NS);
  const siteIssuer = useIssuer();
  const issuer = card.issuer ?? siteIssuer;
  const labelId = useId();
  return (
    <figure className="membership-card" data-issuer={issuer} aria-labelledby={labelId}>
      <div className="membership-card__art" style={backgroundOf(card.cardBg)} aria-hidden="true" />
      <figcaption id={labelId} className="visually-hidden">
        {t('card.label')}
      </figcaption>
      <IssuerLogo issuer={issuer} className="membership-card__logo" />
      <dl className="membership-card__details">
        <div className="membership-card__number">
          <dt className="visually-hidden">{t('card.number')}</dt>
          <dd>{formatMembershipNumber(card.dpid)}</dd>
        </div>
        <div>
          <dt>{t('card.holder')}</dt>
          <dd>{card.cardHolder}</dd>
        </div>
        <div>
          <dt>{t('card.expiry')}</dt>
          <dd>{card.expiry}</dd>
        </div>
      </dl>
    </figure>
  );
}
