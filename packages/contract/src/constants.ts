/**
 * Business constants and limits (spec section 9, plus the few numbers of sections 2 and 4).
 * Durations carry their unit in the name.
 */

// Membership number
export const MEMBERSHIP_NUMBER_DIGITS = 16;
/** 16 digits grouped in fours: three spaces. */
export const MEMBERSHIP_NUMBER_INPUT_MAX = 19;
export const DIGIT_GROUP_SIZE = 4;

// Personal details
export const NAME_MAX = 50;
export const EMAIL_MAX = 50;
export const PHONE_INPUT_MAX = 20;
export const DEFAULT_DIAL_CODE = '44';
export const DEFAULT_AREA_CODE = 'GB';

// Passwords and codes
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 50;
export const VERIFICATION_CODE_LENGTH = 6;

// Payment cards
export const CARD_NUMBER_MIN_DIGITS = 14;
/** 16 digits grouped in fours: three spaces. */
export const CARD_NUMBER_INPUT_MAX = 19;
export const CARD_NUMBER_MAX_DIGITS = 16;
export const CVV_MIN_DIGITS = 3;
export const CVV_MAX_DIGITS = 4;
export const NAME_ON_CARD_MIN = 2;
export const NAME_ON_CARD_MAX = 50;

// Locks and throttles (the server sends the remaining time as result.time)
export const SESSION_LOCK_SECONDS = 30;
export const LOCK_SECONDS = 5 * 60;
export const CODE_ATTEMPTS_BEFORE_LOCK = 3;
export const CODE_LOCK_SECONDS = LOCK_SECONDS;
export const NUMBER_ATTEMPTS_BEFORE_LOCK = 3;
export const NUMBER_LOCK_SECONDS = LOCK_SECONDS;
export const CODE_REQUESTS_BEFORE_WAIT = 3;
export const CODE_REQUEST_WAIT_SECONDS = LOCK_SECONDS;
export const LOGIN_ATTEMPTS_BEFORE_LOCK = 5;
export const LOGIN_LOCK_SECONDS = LOCK_SECONDS;

// Sessions
export const TOKEN_IDLE_SECONDS = 6 * 60 * 60;

// Bookings
export const BOOKING_MIN_HOURS_AHEAD = 48;
export const BOOKING_MAX_DAYS_AHEAD = 180;
export const BOOKING_MIN_AHEAD_MS = BOOKING_MIN_HOURS_AHEAD * 60 * 60 * 1000;
export const BOOKING_MAX_AHEAD_MS = BOOKING_MAX_DAYS_AHEAD * 24 * 60 * 60 * 1000;
export const REFUND_WORKING_DAYS = 5;
export const LOUNGE_STEPS = 3;
export const FAST_TRACK_STEPS = 4;

// Payments
export const PAYMENT_SESSION_DEFAULT_TOTAL = 0;
export const PAYMENT_SESSION_DEFAULT_CURRENCY = 'EUR';

// Registration
export const REGISTRATION_STEPS = 3;

// Browser behaviour
export const RECENT_AIRPORTS_MAX = 5;
export const COOKIE_CONSENT_MONTHS = 11;
export const SENT_EMAIL_NOTICE_MS = 5000;
export const CARD_ADD_CHECK_DELAY_MS = 500;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const SEARCH_RETRY_DELAY_MS = 1000;
export const CAROUSEL_INTERVAL_MS = 3000;
export const DESKTOP_MIN_WIDTH = 1024;

// Support
export const CONTACT_REPLY_WORKING_DAYS = '2-3';
/** The longest message the contact form takes. */
export const CONTACT_MESSAGE_MAX = 2000;
export const PHONE_LINE_HOURS = 'Monday to Sunday, 8am to 8pm';

// Dated notices (spec section 1), ISO dates, both days included
export const MAINTENANCE_RIBBON_DEFAULT_FROM = '2025-07-23';
export const MAINTENANCE_RIBBON_DEFAULT_TO = '2025-08-06';
export const VM_MEMBERSHIP_ENDED_ON = '2024-02-01';

/**
 * Per client address, on top of the spec's per-account locks (issue 8): how many calls of a
 * kind one address may make in the window, and how long it then waits. Generous, so a shared
 * office or mobile network is not locked out by its own members.
 */
export const IP_LIMITS = {
  login: { max: 60, windowSeconds: 10 * 60, lockSeconds: 10 * 60 },
  code: { max: 40, windowSeconds: 60 * 60, lockSeconds: 15 * 60 },
  registration: { max: 60, windowSeconds: 60 * 60, lockSeconds: 15 * 60 },
  /**
   * Opening a card session with the provider (the form the browser encrypts a card in): counted
   * per member. A session tests no card; the budget only stops a flood of provider calls.
   */
  cardSession: { max: 60, windowSeconds: 60 * 60, lockSeconds: 15 * 60 },
  /** Asking what became of a payment by its 3-D Secure return reference (the page polls). */
  paymentReturn: { max: 240, windowSeconds: 60 * 60, lockSeconds: 15 * 60 },
} as const;

/**
 * Card testing: each new card a member tries to save and each payment declined on their account
 * count once, per member. The `max`-th locks for `lockSeconds` (so the next is refused: a
 * member trying card after card is stopped by the tenth). Orders are never counted: a payment
 * with a card the bank accepts, or one passes cover, is never refused by this budget.
 */
export const CARD_ATTEMPTS = { max: 9, windowSeconds: 60 * 60, lockSeconds: 15 * 60 } as const;
