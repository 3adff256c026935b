/** What a lounge says of guests: how many one booking may bring. */
export interface LoungeGuestCap {
  maxGuests: number;
}

/** What a membership says of guests: how many may come in with the member on one visit. */
export interface MembershipGuestAllowance {
  guestsPerVisit: number;
}

/**
 * Guests one lounge visit may bring: the lower of the lounge's cap and the membership's guests
 * per visit (the lounge's alone where no membership applies). Every page shows this number and
 * every call that books or changes a visit refuses more (tooManyGuests).
 */
export function guestLimit(
  lounge: LoungeGuestCap,
  membership: MembershipGuestAllowance | null | undefined,
): number {
  return membership ? Math.min(lounge.maxGuests, membership.guestsPerVisit) : lounge.maxGuests;
}
