/**
 * The error catalogue of spec section 8, plus the few generic codes the server needs.
 * A name is ours (stable in code); `code` is what goes on the wire; `key` is the i18n key;
 * `message` is the spec's English text. One code may carry different meanings in different
 * calls (30007 in verify-card vs check-user-info), so calls list error names, and a code is
 * unique within one call's list.
 */
export interface ErrorDef {
  readonly code: string;
  readonly key: string;
  readonly message: string;
}

const def = (code: string, key: string, message: string): ErrorDef => ({ code, key, message });

export const errorCatalogue = {
  // Generic
  serverError: def('10000', 'common-error-server', 'Something went wrong. Please try again.'),
  invalidRequest: def(
    '10001',
    'common-error-invalid-request',
    'Some of the details sent are not valid. Please check and try again.',
  ),
  notFound: def('10002', 'common-error-not-found', 'We could not find what you asked for.'),
  unknownCall: def('10003', 'common-error-unknown-call', 'This service does not exist.'),
  /**
   * Per network address, on top of the spec's own locks (public login, code and registration
   * calls). `{{wait}}` is the lock's time left (waitText of result.time).
   */
  tooManyRequests: def(
    '10029',
    'common-error-too-many',
    'Too many attempts from your network. Please wait {{wait}} and try again.',
  ),
  /** The same budgets counted per member, for a member's calls (MEMBER_LIMITS). */
  memberTooManyRequests: def(
    '10030',
    'common-error-too-many-member',
    'Too many attempts from your account. Please wait {{wait}} and try again.',
  ),
  /**
   * Card testing (CARD_ATTEMPTS): new cards and declined payments counted per member; paying
   * with a saved card that is accepted never counts.
   */
  cardAttemptsLocked: def(
    '10031',
    'common-error-card-attempts',
    'Too many new cards or declined payments on your account in the last hour. Please wait {{wait}} and try again.',
  ),
  authFailure: def('20002', 'common-error-session-timeout', 'Session time out'),

  // Verify card (registration step 1)
  numberInUse: def('30007', 'sign-num-error-2', 'Membership number already in use. Please log in'),
  numberInUseRegistered: def(
    '30034',
    'sign-num-error-2',
    'Membership number already in use. Please log in',
  ),
  associatedAccountRegistered: def(
    '30040',
    'sign-num-error-3',
    'The associated account of membership number has been registered. Please log in',
  ),
  numberNotRecognised: def(
    '30008',
    'sign-num-error-4',
    'Membership number not recognised. Please check and try again.',
  ),
  verifySessionLocked: def(
    '300090',
    'sign-num-error-5',
    'Too many attempts. Please wait 30 seconds and try again.',
  ),
  membershipNotRecognised: def(
    '30011',
    'sign-num-error-6',
    'The membership number is not recognised.',
  ),
  numberCannotBeAdded: def(
    '30036',
    'sign-num-error-7',
    'The membership number entered can not be added to this account. Please check the number is correctly entered.',
  ),
  membershipSuspended: def(
    '30041',
    'membership-suspended',
    'Membership Suspended. Please contact us for help with your membership.',
  ),
  /** Adding a membership (membership/check-dragonCard, add): 3 wrong numbers, 5 minutes. */
  membershipNumberLocked: def(
    '30042',
    'membership-number-locked',
    'Too many incorrect membership numbers. Please wait five minutes and try again.',
  ),
  /** The digital card of a membership that has expired (renew it first). */
  membershipExpired: def(
    '30043',
    'membership-expired',
    'Your membership has expired. Please renew it to use your digital card.',
  ),

  // Check user info (registration step 2)
  detailsMismatch: def('30007', 'sign-info-error-1', 'Please check details'),
  detailsMismatchAlt: def('30035', 'sign-info-error-1', 'Please check details'),
  emailRegistered: def(
    '30034',
    'sign-info-error-3',
    'This email address has already been registered. Please login to add an additional membership.',
  ),
  differentEmailForAdditional: def(
    '30000',
    'sign-info-error-4',
    'Please use a different email address to register your additional membership.',
  ),
  mobileRegistered: def('30033', 'sign-info-error-5', 'This mobile number is already registered.'),
  sessionTimedOut: def('30010', 'session-time-out', 'Session time out'),

  // Account details
  verificationRequired: def(
    '30050',
    'account-verify-required',
    'Please confirm the new email address or mobile number with the 6-digit code we send to it.',
  ),

  // Verification codes
  codeNotRecognised: def('30014', 'code-error-1', 'Code not recognised, please try again.'),
  codeExpired: def(
    '30015',
    'code-error-2',
    'The verification code has expired. Please request a new code.',
  ),
  codeLocked: def(
    '30005',
    'code-error-3',
    'Too many incorrect codes. Please wait five minutes and try again.',
  ),
  codeBusy: def(
    '30031',
    'code-error-4',
    'Too many 6-digit code requests. Please wait five minutes before requesting again.',
  ),

  // Login and passwords
  loginIncorrect: def(
    '40001',
    'login-error-1',
    'Your email address or password is incorrect. Please try again.',
  ),
  loginLocked: def(
    '40002',
    'login-error-2',
    'Too many incorrect attempts. Please wait five minutes and try again.',
  ),
  loginNotRecognised: def('40003', 'login-error-3', 'The login details are not recognised.'),
  loginNumberMismatch: def(
    '40004',
    'login-error-4',
    'The Membership Number entered does not match the login details.',
  ),
  passwordSameAsOld: def(
    '40005',
    'password-error-same',
    "New password can't be the same as the old password.",
  ),
  linkExpired: def('40006', 'link-expired', 'Link Expired'),

  // Payment cards
  card3dsRequired: def('61005', 'card-error-3ds', 'Additional verification is required.'),
  cardAuthFailed: def('61007', 'card-error-auth-failed', 'Authentication Failed'),
  cardAuthFailedIssuer: def('430712', 'card-error-auth-failed', 'Authentication Failed'),
  cardNotAccepted: def(
    '61008',
    'card-error-not-accepted',
    'Card not accepted. We are unable to accept this card type. Please use a different card.',
  ),
  cardNotRecognized: def(
    '61009',
    'card-error-not-recognized',
    'Card not recognized. Please check the card details and try again.',
  ),
  cardAlreadyRegistered: def(
    '61010',
    'card-error-already-registered',
    'This card is already registered.',
  ),

  // Bookings
  paymentUnsuccessful: def('50001', 'booking-error-payment', 'Payment Unsuccessful'),
  /** A checkout's idempotency key sent again for another purchase: never a second order. */
  orderKeyReused: def(
    '50010',
    'order-error-key-reused',
    'This payment was already started for another purchase. Please start again.',
  ),
  bookingUnsuccessful: def(
    '50002',
    'booking-error-unsuccessful',
    'Booking Unsuccessful. Any payment will be refunded within about 5 working days, and free passes are returned at once.',
  ),
  bookingLimitReached: def(
    '50003',
    'booking-error-limit',
    'Booking Limit Reached. You have already booked this lounge for that date.',
  ),
  laneNotAvailable: def('50004', 'booking-error-lane', 'Lane not available'),
  noPassesAvailable: def('50005', 'booking-error-passes', 'No passes available'),
  slotNotAvailable: def('50006', 'booking-error-slot', 'Time slot not available'),
  prebookSessionExpired: def('50007', 'booking-error-session', 'Session expired'),
  bookingOutsideWindow: def(
    '50011',
    'booking-error-window',
    'Bookings can be made from 48 hours to 180 days before your visit. Please choose another time.',
  ),
  tooManyGuests: def(
    '50012',
    'booking-error-guests',
    'This lounge does not take that many guests on one booking.',
  ),
  bookingNotAmendable: def(
    '50013',
    'booking-error-not-amendable',
    'This booking can no longer be changed: changes close 48 hours before the visit.',
  ),
  tooManyPassengers: def(
    '50014',
    'booking-error-passengers',
    'This fast track lane does not take that many passengers on one booking.',
  ),
  /** Dining and spa offers (issue 20): a voucher is for the outlet's opening hours today. */
  outletClosed: def(
    '50015',
    'offer-error-closed',
    'This outlet is closed for the rest of today. Please redeem the offer on the day of your visit, while it is open.',
  ),
  /** The waiting list is for a full time only (issue 61): open places are booked, not queued for. */
  waitlistSlotOpen: def(
    '50016',
    'booking-error-waitlist-open',
    'This time still has places: please book it instead.',
  ),
  /** A member waits on 3 times at most (issue 61): nobody corners a day's places. */
  waitlistLimitReached: def(
    '50017',
    'booking-error-waitlist-limit',
    'You are already on the waiting list for 3 times. Please leave one of them before joining another.',
  ),
  /**
   * Paying for a booking whose price changed since the member was shown it (a catalogue import,
   * passes spent elsewhere): not charged; `result.price` is the price now, paid once confirmed.
   */
  priceChanged: def(
    '50020',
    'booking-error-price-changed',
    'The price of this booking has changed since you saw it. Please check the new price and confirm it to pay.',
  ),
  bookingAlreadyCancelled: def(
    '50008',
    'booking-error-already-cancelled',
    'This booking has already been cancelled.',
  ),
  bookingNotCancellable: def(
    '50009',
    'booking-error-not-cancellable',
    'This booking can no longer be cancelled because the visit date has passed.',
  ),
} as const satisfies Record<string, ErrorDef>;

export type ErrorName = keyof typeof errorCatalogue;

/** Errors every call can answer, so they need not be listed per call. */
export const commonErrors = [
  'invalidRequest',
  'serverError',
  'unknownCall',
] as const satisfies readonly ErrorName[];

export const memberErrors = ['authFailure'] as const satisfies readonly ErrorName[];

/** How long a lock has left, in words: "1 minute", "15 minutes" (whole minutes, rounded up). */
export function waitText(seconds: number | undefined): string {
  if (seconds === undefined) return 'a few minutes';
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** An error's text with its wait filled in (texts without `{{wait}}` are unchanged). */
export function errorText(def: ErrorDef, seconds?: number): string {
  return def.message.replace('{{wait}}', waitText(seconds));
}
