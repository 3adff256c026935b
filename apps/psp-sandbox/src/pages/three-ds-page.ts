import type { CardSummary, PaymentRecord, TokenRecord } from '../store';
import { escapeHtml, page } from './html';

const logoFile: Record<number, string> = { 1: 'visa.svg', 2: 'amex.svg', 3: 'mastercard.svg' };

/** The challenge of a card being saved, or of a payment with a saved card. */
function challenge(card: CardSummary, action: string, what: string, assets: string): string {
  const logo = logoFile[card.productId];
  return page(
    `Verify your ${what} · Payment sandbox`,
    `<p class="badge">Sandbox test mode</p>
<h1>Verify your ${what}</h1>
<p class="card">${logo ? `<img src="${assets}/logos/${logo}" alt="" width="48" height="30">` : ''}<span>${escapeHtml(card.brand)} ending in ${escapeHtml(card.last4)}</span></p>
<p>This is the payment sandbox's test 3-D Secure challenge. No bank is involved and no code is needed: choose <strong>Approve</strong> to pass the verification or <strong>Decline</strong> to fail it. You will then return to the site you came from.</p>
<form method="post" action="${action}" class="actions">
<button type="submit" name="decision" value="approve" class="approve">Approve</button>
<button type="submit" name="decision" value="decline" class="decline">Decline</button>
</form>`,
  );
}

export function challengePage(token: TokenRecord): string {
  return challenge(token.card, encodeURIComponent(token.id), 'payment card', '../assets');
}

/** At /3ds/payments/{id}: the form posts to itself. */
export function paymentChallengePage(payment: PaymentRecord, card: CardSummary): string {
  const amount = `${(payment.amount / 100).toFixed(2)} ${escapeHtml(payment.currency)}`;
  return challenge(card, encodeURIComponent(payment.id), `payment of ${amount}`, '../../assets');
}

export function challengeNotFoundPage(): string {
  return page(
    'Verification not found · Payment sandbox',
    `<h1>Verification not found</h1>
<p>This card verification does not exist or has already been completed. Go back to the site you came from and add the card again.</p>`,
  );
}

export function badDecisionPage(): string {
  return page(
    'Choose Approve or Decline · Payment sandbox',
    `<h1>Choose Approve or Decline</h1>
<p>The verification needs one of its two buttons. Go back and choose Approve or Decline.</p>`,
  );
}
