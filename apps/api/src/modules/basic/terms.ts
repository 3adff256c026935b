import { calls, type Issuer, type LegalDocument } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { issuerConfig } from '../../platform/issuer-config';
import { registerCall } from '../../plugins/calls';

const LEGAL_DOCUMENTS: readonly Omit<LegalDocument, 'url'>[] = [
  { id: 'terms-and-conditions', title: 'Terms and Conditions' },
  { id: 'terms-conditions', title: 'Pre-booking Terms and Conditions' },
  { id: 'terms-use', title: 'Website Terms of Use' },
  { id: 'privacy-policy', title: 'Privacy Policy' },
  { id: 'cookie-policy', title: 'Cookie Policy' },
  { id: 'accessibility', title: 'Accessibility Statement' },
  { id: 'dining-terms', title: 'Dining Terms' },
];

/** One terms link per card type the issuer offers, pointing at our own terms page. */
export function termsLinks(issuer: Issuer) {
  return issuerConfig[issuer].cardTypes.map((cardType) => ({
    cardType: cardType.name,
    url: `/terms-and-conditions?issuer=${issuer}&cardType=${encodeURIComponent(cardType.id)}`,
    text: `${cardType.name} terms and conditions`,
  }));
}

export function legalDocuments(issuer: Issuer): LegalDocument[] {
  return LEGAL_DOCUMENTS.map((doc) => ({ ...doc, url: `/${doc.id}?issuer=${issuer}` }));
}

export function registerTerms(app: FastifyInstance): void {
  registerCall(app, calls.tcLink, ({ payload }) => Promise.resolve(termsLinks(payload.channel)));
  registerCall(app, calls.tcList, ({ payload }) =>
    Promise.resolve(legalDocuments(payload.channel ?? 'default')),
  );
}
