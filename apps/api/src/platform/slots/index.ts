/*
 * The slot inventory and its local time (DESIGN §6): places per bookable product and slot,
 * taken, held and released by conditional updates; slots and the booking window reckoned in
 * the airport's zone. Lounges and fast-track lanes share it.
 */
export {
  givePlaces,
  HoldConflict,
  inventoryVersions,
  madeSlotRow,
  placeHold,
  releaseHold,
  releaseMemberHolds,
  confirmOrderHold,
  slotRow,
  sweepHolds,
  takePlaces,
  type HoldRequest,
  type HoldRow,
  type SlotKey,
  type SlotRow,
} from './inventory';
export {
  bookingWindow,
  insideWindow,
  localDateAt,
  plainDate,
  shownWindow,
  slotsOfDay,
  zonedInstant,
  type BookingWindow,
  type SlotTime,
} from './slot-times';
export {
  joinedAt,
  leaveWaitlist,
  liveEntry,
  liveHoldOf,
  positionInQueue,
  waitlistEntriesOf,
} from './waitlist-queue';
