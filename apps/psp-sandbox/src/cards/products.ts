/** The card products the sandbox knows, and the client-API JSON the SDK expects for them. */

export interface CardProduct {
  id: number;
  label: string;
  /** Relative to the asset URL, like the real provider's logos; the SDK joins the two. */
  logo: string;
  displayOrder: number;
  /** Whether this merchant accepts the product (Diners is known but refused). */
  accepted: boolean;
  cardNumberMask: string;
}

const FOUR_BY_FOUR = '{{9999}} {{9999}} {{9999}} {{9999}}';

export const CARD_PRODUCTS: readonly CardProduct[] = [
  {
    id: 1,
    label: 'Visa',
    logo: 'logos/visa.svg',
    displayOrder: 0,
    accepted: true,
    cardNumberMask: FOUR_BY_FOUR,
  },
  {
    id: 2,
    label: 'American Express',
    logo: 'logos/amex.svg',
    displayOrder: 1,
    accepted: true,
    cardNumberMask: '{{9999}} {{999999}} {{99999}}',
  },
  {
    id: 3,
    label: 'MasterCard',
    logo: 'logos/mastercard.svg',
    displayOrder: 2,
    accepted: true,
    cardNumberMask: FOUR_BY_FOUR,
  },
  {
    id: 132,
    label: 'Diners Club',
    logo: 'logos/diners.svg',
    displayOrder: 3,
    accepted: false,
    cardNumberMask: '{{9999}} {{999999}} {{9999}}',
  },
];

export const findProduct = (id: number): CardProduct | undefined =>
  CARD_PRODUCTS.find((product) => product.id === id);

export const acceptedProducts = (): CardProduct[] => CARD_PRODUCTS.filter((p) => p.accepted);

export function basicProductJson(product: CardProduct) {
  return {
    id: product.id,
    paymentMethod: 'card',
    paymentProductGroup: 'cards',
    displayHints: { displayOrder: product.displayOrder, label: product.label, logo: product.logo },
    allowsInstallments: false,
    allowsRecurring: true,
    allowsTokenization: true,
    autoTokenized: false,
    deviceFingerprintEnabled: false,
    mobileIntegrationLevel: 'OPTIMISED_SUPPORT',
    usesRedirectionTo3rdParty: false,
  };
}

function field(
  id: string,
  type: string,
  displayOrder: number,
  label: string,
  validators: Record<string, unknown>,
  hints: {
    mask?: string;
    obfuscate?: boolean;
    placeholderLabel?: string;
    preferredInputType?: string;
  } = {},
) {
  return {
    id,
    type,
    dataRestrictions: { isRequired: true, validators },
    displayHints: {
      alwaysShow: false,
      displayOrder,
      formElement: { type: 'text' },
      label,
      obfuscate: hints.obfuscate ?? false,
      ...(hints.mask ? { mask: hints.mask } : {}),
      ...(hints.placeholderLabel ? { placeholderLabel: hints.placeholderLabel } : {}),
      ...(hints.preferredInputType ? { preferredInputType: hints.preferredInputType } : {}),
    },
  };
}

export function productJson(product: CardProduct) {
  return {
    ...basicProductJson(product),
    fields: [
      field(
        'cardNumber',
        'numericstring',
        0,
        'Card number',
        { luhn: {}, length: { minLength: 12, maxLength: 19 } },
        {
          mask: product.cardNumberMask,
          preferredInputType: 'IntegerKeyboard',
        },
      ),
      field(
        'expiryDate',
        'expirydate',
        1,
        'Expiry date',
        {
          expirationDate: {},
          length: { minLength: 4, maxLength: 4 },
          regularExpression: { regularExpression: '^(0[1-9]|1[0-2])[0-9]{2}$' },
        },
        { mask: '{{99}}/{{99}}', placeholderLabel: 'MM/YY', preferredInputType: 'IntegerKeyboard' },
      ),
      field(
        'cvv',
        'numericstring',
        2,
        'CVV',
        { length: { minLength: 3, maxLength: 4 } },
        {
          mask: '{{9999}}',
          obfuscate: true,
          preferredInputType: 'IntegerKeyboard',
        },
      ),
      field(
        'cardholderName',
        'string',
        3,
        'Name on card',
        { length: { minLength: 2, maxLength: 50 } },
        {
          preferredInputType: 'StringKeyboard',
        },
      ),
    ],
  };
}
