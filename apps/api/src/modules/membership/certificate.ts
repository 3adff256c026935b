import type { Issuer } from '@portal/contract';
import type { MembershipRow } from '../../members/membership-in-use';
import { passesLeft } from '../../members/membership-in-use';
import { pdfNote, pdfRows, pdfSection, pdfTitle, renderPdf } from '../../platform/documents';
import { bankBefore, cardTypeOf, issuerConfig } from '../../platform/issuer-config';

/** "1234567812345678" → "1234 5678 1234 5678", as printed on the card. */
export const groupedNumber = (dpid: string) => dpid.replace(/(\d{4})(?=\d)/g, '$1 ');

/** "2027-03-31" → "31 March 2027". */
const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

const STATUS_NAMES = { active: 'Active', expired: 'Expired', suspended: 'Suspended' } as const;

/**
 * The membership certificate: the holder, the number, issue and expiry dates, what it entitles
 * to, in the issuer's name and colour.
 */
export function membershipCertificatePdf(
  membership: MembershipRow,
  holderName: string,
  now: Date,
): Promise<Buffer> {
  const issuer = membership.issuer as Issuer;
  const { bankName, brandColor } = issuerConfig[issuer];
  const cardName = cardTypeOf(issuer, membership.cardType)?.name ?? membership.cardType;
  const number = groupedNumber(membership.dpid);
  return renderPdf(
    {
      // The number in the title is what tests find in the bytes (see renderPdf).
      title: `Membership certificate ${membership.dpid}`,
      subject: `${cardName} membership of ${holderName}`,
      createdAt: now,
    },
    (doc) => {
      doc.rect(0, 0, doc.page.width, 18).fill(brandColor);
      pdfTitle(
        doc,
        'Membership certificate',
        issuer === 'default' ? cardName : `${bankName} · ${cardName}`,
      );
      pdfSection(doc, 'Member');
      pdfRows(doc, [
        ['Name', holderName],
        ['Membership number', number],
        [
          'Issued on',
          membership.registeredAt
            ? longDate(membership.registeredAt.toISOString().slice(0, 10))
            : '-',
        ],
        ['Valid until', longDate(membership.expiresOn)],
        ['Status', STATUS_NAMES[membership.status]],
      ]);
      pdfSection(doc, 'Entitlements');
      pdfRows(doc, [
        ['Passes a year', String(membership.passesPerYear)],
        ['Passes bought', String(membership.passesBought)],
        ['Passes left', String(passesLeft(membership))],
        ['Guests per visit', String(issuerConfig[issuer].guestsPerVisit)],
      ]);
      pdfNote(
        doc,
        `This certifies that ${holderName} holds the ${bankBefore(issuer)}${cardName} membership above. ` +
          'Show it with your boarding pass at the lounge desk; the desk may ask for the card too.',
      );
    },
  );
}
