import type { Issuer, MembershipCardPreview } from '@portal/contract';
import { artUrl } from '../platform/art-url';

/** "2030-12-31" gives "12/30". */
export const cardExpiry = (expiresOn: string) =>
  `${expiresOn.slice(5, 7)}/${expiresOn.slice(2, 4)}`;

/** The issuer's card artwork of a membership. */
export const cardArt = (membership: { issuer: string; cardType: string }) =>
  artUrl('card', `${membership.issuer}-${membership.cardType}`);

/** The membership card preview (spec section 3): number, holder, expiry, artwork, issuer. */
export function membershipCard(
  membership: { dpid: string; issuer: string; cardType: string; expiresOn: string },
  cardHolder: string,
): MembershipCardPreview {
  return {
    dpid: membership.dpid,
    // Stored from the issuer list when the membership was issued.
    issuer: membership.issuer as Issuer,
    cardHolder,
    expiry: cardExpiry(membership.expiresOn),
    cardBg: cardArt(membership),
  };
}
