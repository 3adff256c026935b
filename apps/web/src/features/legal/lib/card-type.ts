/** The card type a terms link is for: its cardType query parameter. */
export function cardTypeOfLink(url: string): string | undefined {
  try {
    return new URL(url, 'https://portal.invalid').searchParams.get('cardType') ?? undefined;
  } catch {
    return undefined;
  }
}

/** "reward-black" -> "Reward Black", while the issuer's own name is not known. */
export const humaniseCardType = (id: string): string =>
  id
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
