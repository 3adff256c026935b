import type { CardSession } from '@portal/contract';

/** What the form hands the provider's SDK: the card as typed (spaces and slash allowed). */
export interface CardDetails {
  cardNumber: string;
  /** MM/YY */
  expiry: string;
  cvv: string;
  nameOnCard: string;
}

/** The card encrypted in the browser: all the portal's server ever receives of it. */
export interface EncryptedCard {
  encryptCustomerInput: string;
  paymentProductId: number;
}

/** Why the provider refused the card before it was encrypted (spec section 8, Card). */
export class CardCheckError extends Error {
  override readonly name = 'CardCheckError';
  /** notRecognized: an unknown BIN; notAccepted: a card type this programme does not take. */
  readonly reason: 'notRecognized' | 'notAccepted';

  constructor(reason: 'notRecognized' | 'notAccepted') {
    super(reason);
    this.reason = reason;
  }
}

/** The payment context of a card save: nothing is charged (spec: total 0, currency EUR). */
const paymentDetails = (currency: string) => ({
  totalAmount: 0,
  countryCode: 'GB',
  currency,
  isRecurring: false,
  locale: 'en_GB',
});

/** The digits the IIN check needs: the first 8 (the SDK accepts 6 or more). */
const IIN_LENGTH = 8;

/**
 * The card add's provider steps (spec section 4): check the card type is supported (IIN
 * details), fetch the product's fields, and encrypt with the provider's own SDK
 * (connect-sdk-client-js), loaded here only, so no other page carries it.
 */
export async function encryptCard(
  session: CardSession,
  card: CardDetails,
  currency = 'EUR',
): Promise<EncryptedCard> {
  const sdk = await import('connect-sdk-client-js');
  const client = new sdk.Session(session);
  const details = paymentDetails(currency);
  const digits = card.cardNumber.replace(/\D/g, '');
  const iin = await client.getIinDetails(digits.slice(0, IIN_LENGTH), details).catch((err) => {
    // An unknown BIN is answered as an error (404 UNKNOWN); anything else is a real fault.
    if (err instanceof sdk.ResponseError && err.status === 404) return undefined;
    throw err;
  });
  if (!iin || iin.status === 'UNKNOWN' || iin.status === 'NOT_ENOUGH_DIGITS')
    throw new CardCheckError('notRecognized');
  if (iin.status !== 'SUPPORTED' || iin.paymentProductId === undefined)
    throw new CardCheckError('notAccepted');
  const product = await client.getPaymentProduct(iin.paymentProductId, details);
  const request = client.getPaymentRequest();
  request.setPaymentProduct(product);
  request.setValue('cardNumber', digits);
  request.setValue('expiryDate', card.expiry.replace(/\s/g, ''));
  request.setValue('cvv', card.cvv.trim());
  request.setValue('cardholderName', card.nameOnCard.trim().normalize('NFC'));
  // The provider's own field rules (Luhn, lengths per brand) after ours: please check the details.
  if (request.validate().length > 0) throw new CardCheckError('notRecognized');
  const encryptCustomerInput = await client.getEncryptor().encrypt(request);
  return { encryptCustomerInput, paymentProductId: iin.paymentProductId };
}
