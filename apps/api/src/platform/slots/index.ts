/*
 * The slot inventory and its local time (DESIGN §6): places per bookable product and slot,
 * taken, held and released by conditional updates; slots and the booking window reckoned in
 * the airport's zone. Lounges and fast-track lanes share it.
 */
export {
  givePlaces,
  inventoryVersions,
  madeSlotRow,
  placeHold,
  releaseHold,
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
