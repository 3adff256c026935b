/** How the sandbox decides a card's fate at tokenisation, by its number (README lists them). */

export type CardOutcome =
  'approved' | 'challenge' | 'authenticationFailed' | 'declined' | 'notAccepted' | 'unknownIin';

/**
 * What happens when a saved card pays: it pays; the issuer asks for 3-D Secure at every
 * payment; it is declined for want of funds; or the payment is taken but the first answer is
 * lost (the portal's request times out), as happens with real providers; or it is taken at
 * once and answered only after SLOW_ANSWER_MS (a caller that dies meanwhile never hears it).
 */
export type PaymentOutcome =
  'pays' | 'challenge' | 'insufficientFunds' | 'timeoutOnce' | 'slowAnswer';

/** How long a slowAnswer card's payment waits before it is answered (it is taken at once). */
export const SLOW_ANSWER_MS = 5_000;

export interface TestCard {
  number: string;
  brand: string;
  outcome: CardOutcome;
  /** At payment, for a card that was saved; 'pays' unless given. */
  atPayment?: PaymentOutcome;
  /** What the portal sees. */
  result: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4111111111111111', brand: 'Visa', outcome: 'approved', result: 'token CREATED' },
  { number: '5555555555554444', brand: 'MasterCard', outcome: 'approved', result: 'token CREATED' },
  {
    number: '378282246310005',
    brand: 'American Express',
    outcome: 'approved',
    result: 'token CREATED (CVV: any 4 digits)',
  },
  {
    number: '4000000000003220',
    brand: 'Visa',
    outcome: 'challenge',
    result: 'token PENDING_AUTHENTICATION + redirectUrl to the 3-D Secure page (portal code 61005)',
  },
  {
    number: '4000002760003184',
    brand: 'Visa',
    outcome: 'approved',
    atPayment: 'challenge',
    result:
      'token CREATED; every payment PENDING_AUTHENTICATION + redirectUrl to the 3-D Secure page',
  },
  {
    number: '4000000000000341',
    brand: 'Visa',
    outcome: 'approved',
    atPayment: 'insufficientFunds',
    result: 'token CREATED; payments REJECTED, error code 430285 (insufficient funds)',
  },
  {
    number: '4000000000000119',
    brand: 'Visa',
    outcome: 'approved',
    atPayment: 'timeoutOnce',
    result:
      'token CREATED; the first payment of an order is taken but answered HTTP 504; a retry answers it',
  },
  {
    number: '4000000000000259',
    brand: 'Visa',
    outcome: 'approved',
    atPayment: 'slowAnswer',
    result:
      'token CREATED; each payment is taken at once, answered 5 s later (for crash tests: the caller can die in between)',
  },
  {
    number: '4000000000000002',
    brand: 'Visa',
    outcome: 'authenticationFailed',
    result: 'HTTP 402, error code 61007',
  },
  {
    number: '4000000000009995',
    brand: 'Visa',
    outcome: 'declined',
    result: 'HTTP 402, error code 430712',
  },
  {
    number: '30569309025904',
    brand: 'Diners Club (product 132)',
    outcome: 'notAccepted',
    result: 'IIN: isAllowedInContext false; tokens: HTTP 402, error code 61008',
  },
  {
    number: '9999990000000006',
    brand: 'none',
    outcome: 'unknownIin',
    result: 'IIN: HTTP 404, error code 300450; tokens: HTTP 400, error code 300450',
  },
];

export type IssuerOutcome = Extract<
  CardOutcome,
  'approved' | 'challenge' | 'authenticationFailed' | 'declined'
>;

const isIssuerOutcome = (outcome: CardOutcome): outcome is IssuerOutcome =>
  outcome === 'challenge' || outcome === 'authenticationFailed' || outcome === 'declined';

const SCRIPTED = new Map<string, IssuerOutcome>(
  TEST_CARDS.flatMap((card) =>
    isIssuerOutcome(card.outcome) ? [[card.number, card.outcome] as const] : [],
  ),
);

/**
 * What the issuer answers for a valid card of an accepted product: the scripted test cards
 * challenge or fail, any other number is approved without a challenge.
 */
export const issuerOutcome = (cardNumber: string): IssuerOutcome =>
  SCRIPTED.get(cardNumber) ?? 'approved';

const AT_PAYMENT = new Map<string, PaymentOutcome>(
  TEST_CARDS.flatMap((card) => (card.atPayment ? [[card.number, card.atPayment] as const] : [])),
);

/** What a saved card does when it pays: the scripted test cards, else it pays. */
export const paymentOutcome = (cardNumber: string): PaymentOutcome =>
  AT_PAYMENT.get(cardNumber) ?? 'pays';
