import type { Issuer } from '@portal/contract';
import { formatDay } from '@/shared/lib/format-dates';
import { MembershipCard } from '@/shared/membership/membership-card';

interface Shown {
  dpid: string;
  issuer: Issuer;
  holderName: string | null;
  expiresOn: string;
  cardBg: string;
}

/** A membership (or its digital card) as the issuer's card. */
export function MembershipArt({ membership }: { membership: Shown }) {
  return (
    <MembershipCard
      card={{
        dpid: membership.dpid,
        issuer: membership.issuer,
        cardHolder: membership.holderName ?? '',
        expiry: formatDay(membership.expiresOn),
        cardBg: membership.cardBg,
      }}
    />
  );
}
