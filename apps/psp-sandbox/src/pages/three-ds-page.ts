import type { TokenRecord } from '../store';
import { escapeHtml, page } from './html';

const logoFile: Record<number, string> = { 1: 'visa.svg', 2: 'amex.svg', 3: 'mastercard.svg' };

export function challengePage(token: TokenRecord): string {
  const { card } = token;
  const logo = logoFile[card.productId];
  const id = encodeURIComponent(token.id);
  return page(
    'Verify your payment card · Payment sandbox',
    `<p class="badge">Sandbox test mode</p>
<h1>Verify your payment card</h1>
<p class="card">${logo ? `<img src="../assets/logos/${logo}" alt="" width="48" height="30">` : ''}<span>${escapeHtml(card.brand)} ending in ${escapeHtml(card.last4)}</span></p>
<p>This is the payment sandbox's test 3-D Secure challenge. No bank is involved and no code is needed: choose <strong>Approve</strong> to pass the verification or <strong>Decline</strong> to fail it. You will then return to the site you came from.</p>
<form method="post" action="${id}" class="actions">
<button type="submit" name="decision" value="approve" class="approve">Approve</button>
<button type="submit" name="decision" value="decline" class="decline">Decline</button>
</form>`,
  );
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
