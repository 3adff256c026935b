/** The card products the portal accepts, by the provider's product id. */
interface CardProduct {
  name: string;
  /** The provider's logo, relative to its asset URL. */
  logo: string;
}

const CARD_PRODUCTS: ReadonlyMap<number, CardProduct> = new Map([
  [1, { name: 'Visa', logo: 'logos/visa.svg' }],
  [2, { name: 'American Express', logo: 'logos/amex.svg' }],
  [3, { name: 'MasterCard', logo: 'logos/mastercard.svg' }],
]);

export const isAcceptedProduct = (productId: number): boolean => CARD_PRODUCTS.has(productId);

/** The product's name, or the provider's brand for one we do not list. */
export const productName = (productId: number, brand: string): string =>
  CARD_PRODUCTS.get(productId)?.name ?? brand;

/** The logo's URL at the provider ('' when it has none, or no provider is configured). */
export function productLogo(productId: number, assetUrl: string): string {
  const logo = CARD_PRODUCTS.get(productId)?.logo;
  return logo && assetUrl ? `${assetUrl}${logo}` : '';
}
