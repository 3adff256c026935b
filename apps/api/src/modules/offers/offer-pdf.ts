import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { CallError } from '../../platform/call-error';
import { offerTermsOf } from '../../platform/catalogue/offer-terms';
import {
  pdfNote,
  pdfQr,
  pdfRows,
  pdfSection,
  pdfStamp,
  pdfTitle,
  renderPdf,
} from '../../platform/documents';
import { localDateAt } from '../../platform/slots';
import { formatMoney } from '../../platform/money';
import { registerCall } from '../../plugins/calls';
import { findOffer, memberVouchers } from './offer-query';
import { voucherView, type AirportRow, type OfferRow } from './voucher-view';
import type { OfferTerms, Voucher } from '@portal/contract';

/** The terms as rows, the same on the PDF as on the screen before confirming. */
export function termRows(terms: OfferTerms): [string, string][] {
  return [
    ['Offer', terms.benefit],
    ...(terms.credit
      ? [['Credit', formatMoney(terms.credit.amount, terms.credit.currency)] as [string, string]]
      : []),
    ...(terms.passBuys
      ? [['Passes', `1 pass, which buys ${terms.passBuys}`] as [string, string]]
      : []),
    ['Guests', terms.guests > 0 ? `Up to ${terms.guests}` : 'None: for the member alone'],
    ['Cash back', 'None: no cash or change is given'],
  ];
}

/** A dining or spa offer as a PDF: the outlet and terms, and the member's voucher today. */
export function offerPdf(
  product: OfferRow,
  airport: AirportRow,
  now: Date,
  voucher?: Voucher,
): Promise<Buffer> {
  const terms = offerTermsOf(product);
  if (!terms || (product.kind !== 'dining' && product.kind !== 'spa'))
    throw new Error(`${product.id} is not a dining or spa offer`);
  const kindName = product.kind === 'spa' ? 'Spa' : 'Dining';
  return renderPdf(
    {
      // The code in the title is what tests find in the bytes (see renderPdf).
      title: voucher ? `Voucher ${voucher.code} ${product.name}` : `Offer ${product.name}`,
      subject: `${kindName} offer at ${product.name}`,
      createdAt: now,
    },
    (doc) => {
      pdfTitle(
        doc,
        voucher ? 'Offer voucher' : `${kindName} offer`,
        voucher ? `Voucher code ${voucher.code}` : product.name,
      );
      if (voucher && voucher.status !== 'open') pdfStamp(doc, voucher.status.toUpperCase());
      pdfSection(doc, 'Outlet');
      pdfRows(doc, [
        ['Name', product.name],
        ['Airport', `${airport.name} (${airport.iataCode})`],
        ['Terminal', `${product.terminal}, ${product.side}`],
        ...(voucher
          ? ([
              ['Valid on', `${voucher.date} until ${voucher.validUntil} (local time)`],
              ['Voucher code', voucher.code],
            ] as [string, string][])
          : []),
      ]);
      if (voucher?.qr)
        pdfQr(
          doc,
          voucher.qr,
          `Show this code at the till before you order. Voucher code ${voucher.code}. One use.`,
        );
      pdfSection(doc, 'Terms');
      pdfRows(doc, termRows(terms));
      if (product.terms) pdfNote(doc, product.terms);
      if (!voucher)
        pdfNote(doc, 'Redeem the offer in the portal on the day of your visit to get its code.');
    },
  );
}

export function registerOfferPdf(app: FastifyInstance): void {
  registerCall(app, calls.offerPdf, async ({ payload, member, sendFile }) => {
    const now = app.clock.now();
    const found = await findOffer(app.db, payload.id);
    if (!found) throw new CallError('notFound');
    const [today] = await memberVouchers(app.db, member.userId, now, {
      productId: found.product.id,
      localDate: localDateAt(now, found.airport.timeZone),
      status: 'open',
    });
    const voucher = today && voucherView(app.env, today);
    const pdf = await offerPdf(found.product, found.airport, now, voucher);
    return sendFile(pdf, voucher ? `voucher-${voucher.code}.pdf` : `offer-${found.product.id}.pdf`);
  });
}
