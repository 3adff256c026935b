import { guestLimit, type LoungeGuestCap } from '@portal/contract';
import { useBookingMemberships } from '../api/prebooking';

/**
 * Guests a visit to the lounge may bring, as the server decides it (guestLimit): the lounge's
 * cap and the guests per visit of the membership the visit is made with, the one chosen to pay
 * passes (`dpid`), else the one in use. Until the memberships are in, the lounge's cap.
 */
export function useGuestLimit(lounge: LoungeGuestCap, dpid?: string): number {
  const owned = useBookingMemberships().data ?? [];
  return guestLimit(lounge, owned.find((m) => m.dpid === dpid) ?? owned.find((m) => m.inUse));
}
