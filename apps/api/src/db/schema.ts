import type {
  AgeBand,
  Facility,
  LoungeConditions,
  OfferTerms,
  ProductKind,
  Side,
  WeeklyHours,
} from '@portal/contract';
import { VOUCHER_STATUSES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Key/value settings the server keeps for itself (seed version, key pair, ...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const countries = pgTable('countries', {
  iso2: text('iso2').primaryKey(),
  name: text('name').notNull(),
  dialCode: text('dial_code').notNull(),
});

export const FAST_TRACK_CHILD_RULES = ['counted', 'free-with-adult'] as const;
export type FastTrackChildRule = (typeof FAST_TRACK_CHILD_RULES)[number];

export const airports = pgTable(
  'airports',
  {
    iataCode: text('iata_code').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    countryName: text('country_name').notNull(),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
    timeZone: text('time_zone').notNull(),
    keywords: text('keywords').notNull().default(''),
    size: text('size').notNull(),
    /**
     * Fast track's children: 'counted' (each child a passenger, paying like an adult) or
     * 'free-with-adult' (under-12s free with a paying adult, not taking a place).
     */
    fastTrackChildRule: text('fast_track_child_rule', { enum: FAST_TRACK_CHILD_RULES })
      .notNull()
      .default('counted'),
    /** Whether the airport asks each fast-track passenger's age band. */
    fastTrackAgeBands: boolean('fast_track_age_bands').notNull().default(false),
  },
  (t) => [
    index('airports_country_idx').on(t.country),
    check(
      'airports_fast_track_child_rule_check',
      sql`${t.fastTrackChildRule} in ('counted', 'free-with-adult')`,
    ),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    mobilePrefix: text('mobile_prefix').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    mobileAreaCode: text('mobile_area_code').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    language: text('language').notNull().default('en-GB'),
    issuer: text('issuer').notNull().default('default'),
    isFirstLogin: boolean('is_first_login').notNull().default(true),
    /**
     * The membership the member chose to use (membership/switch): whose passes pre-booking
     * spends. Null: the first registered one. No reference, so users and memberships can
     * point at each other; a choice no longer theirs is ignored when read.
     */
    membershipInUse: text('membership_in_use'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_live_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Opaque bearer tokens, stored as their SHA-256 only. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const MEMBERSHIP_STATUSES = ['active', 'expired', 'suspended'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** Membership numbers (dpid) issued by the banks. */
export const memberships = pgTable(
  'memberships',
  {
    dpid: text('dpid').primaryKey(),
    issuer: text('issuer').notNull(),
    cardType: text('card_type').notNull(),
    holderName: text('holder_name'),
    expiresOn: text('expires_on').notNull(),
    status: text('status', { enum: MEMBERSHIP_STATUSES }).notNull().default('active'),
    passesPerYear: integer('passes_per_year').notNull().default(0),
    passesUsed: integer('passes_used').notNull().default(0),
    /** Passes bought on top of the card's own (pass packs); they do not lapse with the year. */
    passesBought: integer('passes_bought').notNull().default(0),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Membership numbers held jointly with this one: registering one links the others. */
    jointHolders: jsonb('joint_holders').$type<string[]>().notNull().default([]),
    /** When it was registered to its user; the earliest of a user's is their first membership. */
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('memberships_user_idx').on(t.userId)],
);

/** The details of registration step 2, as checked against the membership. */
export interface RegistrationDetails {
  firstName: string;
  lastName: string;
  email: string;
  /** The dial code's digits, e.g. "44". */
  mobilePrefix: string;
  /** The national significant number, e.g. "7400123456". */
  mobileNumber: string;
  mobileAreaCode: string;
  sendType: 'sms' | 'email';
}

/**
 * One sign-up in progress (the uuid verify-card answers): it expires when left unused, and each
 * step records what the next one needs.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey(),
    dpid: text('dpid')
      .notNull()
      .references(() => memberships.dpid, { onDelete: 'cascade' }),
    /** Who opened it (the request's IP address). */
    clientKey: text('client_key').notNull(),
    details: jsonb('details').$type<RegistrationDetails>(),
    /** Where the last code went (an email address or an E.164 number). */
    codeTarget: text('code_target'),
    codeVerifiedAt: timestamp('code_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('registrations_dpid_idx').on(t.dpid, t.createdAt)],
);

/** Every lock and throttle of spec sections 8 and 9 is a row here. */
export const attemptLocks = pgTable('attempt_locks', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/**
 * A file a message carries, made when it is sent (not stored): what it is called and which
 * renderer makes it from which row (e.g. 'booking-pdf' of a booking id).
 */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  kind: string;
  id: string;
}

export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    code: text('code'),
    link: text('link'),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

export const PRODUCT_SOURCES = ['demo', 'import'] as const;
export type ProductSource = (typeof PRODUCT_SOURCES)[number];

/** What a dining or spa offer's row keeps of its terms (the benefit line is its `offer`). */
export type CatalogueOfferTerms = Omit<OfferTerms, 'benefit'>;

/** One row per lounge, dining, spa or fast-track offer. Hours are the airport's local time. */
export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<ProductKind>().notNull(),
    airportCode: text('airport_code')
      .notNull()
      .references(() => airports.iataCode),
    name: text('name').notNull(),
    terminal: text('terminal').notNull(),
    side: text('side').$type<Side>().notNull(),
    description: text('description').notNull(),
    directions: text('directions').notNull(),
    weeklyHours: jsonb('weekly_hours').$type<WeeklyHours>().notNull(),
    facilities: jsonb('facilities').$type<Facility[]>().notNull().default([]),
    conditions: jsonb('conditions').$type<LoungeConditions>(),
    offer: text('offer'),
    terms: text('terms'),
    /** Dining and spa: what redeeming the offer gives (null: the portal's defaults). */
    offerTerms: jsonb('offer_terms').$type<CatalogueOfferTerms>(),
    lane: text('lane'),
    priceAmount: integer('price_amount'),
    priceCurrency: text('price_currency'),
    slotMinutes: integer('slot_minutes'),
    capacityPerSlot: integer('capacity_per_slot'),
    /** Lounges: guests a member may bring on one pre-booking; null: the portal's default. */
    maxGuests: integer('max_guests'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** Popularity for ordering lists (higher first). */
    rank: integer('rank').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /**
     * Fast-track lanes: an operator stopped selling it (new bookings answer 'Lane not
     * available'; what was sold is honoured).
     */
    salesPaused: boolean('sales_paused').notNull().default(false),
    /** 'demo' rows belong to the demo seed; 'import' rows came from an operator and outrank it. */
    source: text('source', { enum: PRODUCT_SOURCES }).notNull().default('import'),
  },
  (t) => [index('products_airport_kind_idx').on(t.airportCode, t.kind)],
);

export const VERIFICATION_PURPOSES = [
  'registration',
  'login-code',
  'forgot-password',
  'email-change',
  'mobile-change',
  'email-link',
  /** The single-use token a checked forgotten-password code buys (never sent anywhere). */
  'password-reset',
] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

/** One row per code or link sent. Codes are kept only as their hash. */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<VerificationPurpose>().notNull(),
    /** Where it was sent: an email address or an E.164 number. */
    target: text('target').notNull(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The flow's draft data (e.g. registration details) until it completes. */
    draft: jsonb('draft').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('verifications_target_idx').on(t.purpose, t.target)],
);

export const BOOKING_KINDS = ['lounge', 'fast-track'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];
/** booked -> completed (checked in at the desk) or cancelled. */
export const BOOKING_STATUSES = ['booked', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const REFUND_STATES = ['none', 'pending', 'refunded'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/**
 * Lounge and fast-track bookings. A booking whose visit has passed is "past" (not a status of
 * its own). When its member deletes the account, the row stays for the accounts (the law keeps
 * what was sold) with the personal fields emptied and `anonymisedAt` set.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The Booking ID members see and quote, e.g. "LB4K7M9Q2X". */
    reference: text('reference').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The membership whose passes paid for it, if any. */
    dpid: text('dpid').references(() => memberships.dpid, { onDelete: 'set null' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    kind: text('kind', { enum: BOOKING_KINDS }).notNull(),
    /** The visit (lounge arrival or fast-track lane time) as a UTC instant. */
    visitAt: timestamp('visit_at', { withTimezone: true }).notNull(),
    /** The visit's date at the airport ("YYYY-MM-DD"): one lounge booking per member and day. */
    visitDate: text('visit_date'),
    /** The slot whose places it holds (null for bookings made before slots were kept). */
    slotId: uuid('slot_id').references(() => productSlots.id),
    /** Places it takes in its slot: the member and guests, infants not counted. */
    places: integer('places').notNull().default(0),
    infants: integer('infants').notNull().default(0),
    /** The order that paid for it (passes-only bookings have one of nothing to pay). */
    orderId: uuid('order_id').references(() => orders.id),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    flightNumber: text('flight_number').notNull(),
    passengers: integer('passengers').notNull(),
    passengerNames: jsonb('passenger_names').$type<string[]>().notNull().default([]),
    contactPrefix: text('contact_prefix'),
    contactNumber: text('contact_number'),
    email: text('email'),
    /** What the member saw of the card that paid, e.g. "Visa •••• 4242" (never the number). */
    cardLabel: text('card_label'),
    /** What was paid by card, in minor units (0 when passes covered it all). */
    amount: integer('amount').notNull().default(0),
    currency: text('currency').notNull().default('GBP'),
    passesUsed: integer('passes_used').notNull().default(0),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('booked'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundState: text('refund_state', { enum: REFUND_STATES }).notNull().default('none'),
    refundAmount: integer('refund_amount').notNull().default(0),
    /** When the card refund should reach the member (about 5 working days after cancelling). */
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
    passesReturned: integer('passes_returned').notNull().default(0),
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('bookings_user_visit_idx').on(t.userId, t.visitAt),
    index('bookings_dpid_idx').on(t.dpid),
    // A product's live bookings of a day (the slot grid names the member's own).
    index('bookings_product_day_idx')
      .on(t.productId, t.visitDate)
      .where(sql`${t.status} <> 'cancelled'`),
    check('bookings_kind_check', sql`${t.kind} in ('lounge', 'fast-track')`),
    check('bookings_status_check', sql`${t.status} in ('booked', 'completed', 'cancelled')`),
    // Booking Limit Reached: one live lounge booking per member, lounge and local day, kept by
    // the database whatever races to confirm two.
    // One live booking per member, product (lounge or lane) and local day.
    uniqueIndex('bookings_member_product_day_idx')
      .on(t.userId, t.productId, t.visitDate)
      .where(sql`${t.status} <> 'cancelled'`),
    uniqueIndex('bookings_order_idx').on(t.orderId),
    check('bookings_refund_state_check', sql`${t.refundState} in ('none', 'pending', 'refunded')`),
    check(
      'bookings_counts_check',
      sql`${t.passengers} >= 0 and ${t.places} >= 0 and ${t.infants} >= 0 and ${t.amount} >= 0 and ${t.passesUsed} >= 0 and ${t.refundAmount} >= 0 and ${t.passesReturned} >= 0`,
    ),
  ],
);

/** Usage history: one row per lounge visit a membership paid for. */
export const visits = pgTable(
  'visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    dpid: text('dpid').references(() => memberships.dpid, { onDelete: 'set null' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
    guests: integer('guests').notNull().default(0),
    passesUsed: integer('passes_used').notNull().default(0),
    /** A dining or spa voucher the outlet confirmed (once: the index below). */
    voucherId: uuid('voucher_id').references(() => vouchers.id, { onDelete: 'set null' }),
    /** Dining and spa: what the offer took off the bill, as the outlet confirmed it. */
    amount: integer('amount'),
    currency: text('currency'),
    createdAt: createdAt(),
  },
  (t) => [
    index('visits_user_idx').on(t.userId, t.visitedAt),
    uniqueIndex('visits_voucher_idx').on(t.voucherId),
    index('visits_dpid_idx').on(t.dpid),
    check('visits_counts_check', sql`${t.guests} >= 0 and ${t.passesUsed} >= 0`),
  ],
);

/** What members and visitors sent to support (also delivered to the support mailbox). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    membershipNumber: text('membership_number'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_user_idx').on(t.userId)],
);

export const PAYMENT_CARD_STATUSES = ['pending', 'active', 'failed'] as const;
export type PaymentCardStatus = (typeof PAYMENT_CARD_STATUSES)[number];

/**
 * Members' saved cards: the payment provider's token and what may be shown of the card, never
 * its number, expiry in full, or CVV. A card waiting for 3-D Secure is `pending` until the
 * provider says the cardholder passed (`active`) or failed (`failed`).
 */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerToken: text('provider_token').notNull().unique(),
    productId: integer('product_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    /** The provider's fingerprint of the card number: the same card twice is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: text('status', { enum: PAYMENT_CARD_STATUSES }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_cards_user_idx').on(t.userId),
    uniqueIndex('payment_cards_user_fingerprint_idx')
      .on(t.userId, t.fingerprint)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('payment_cards_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('payment_cards_status_check', sql`${t.status} in ('pending', 'active', 'failed')`),
    check('payment_cards_expiry_check', sql`${t.expiryMonth} between 1 and 12`),
  ],
);

/** What an order pays for (the checkout engine fulfils each its own way). */
export const ORDER_PURPOSES = [
  'passes',
  'renewal',
  'lounge-booking',
  /** Guests added to a booked visit beyond its passes; `subject` is the booking's id. */
  'lounge-amend',
  'fast-track',
  'offer',
] as const;
export type OrderPurpose = (typeof ORDER_PURPOSES)[number];

/**
 * created -> awaiting-authentication (3-D Secure) -> paid -> fulfilled, or -> failed;
 * fulfilled -> refund-pending -> refunded. Each move is one conditional update
 * (platform/checkout/order-states.ts).
 */
export const ORDER_STATUSES = [
  'created',
  'awaiting-authentication',
  'paid',
  'fulfilled',
  'failed',
  'refund-pending',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** One priced line of an order, priced by the server from its own tables. */
export interface OrderLine {
  /** What it is, e.g. 'pass-pack:5'; the purpose's fulfilment reads it. */
  item: string;
  description: string;
  quantity: number;
  /** Minor units, in the order's currency. */
  unitAmount: number;
}

/** Every payment the portal takes: the checkout engine's one record of it. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order reference members see and quote, e.g. "OR7K2M9Q4X". */
    reference: text('reference').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose', { enum: ORDER_PURPOSES }).notNull(),
    /** What the order is for beyond its lines: e.g. the membership (dpid) that gets the passes. */
    subject: text('subject'),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    /** The sum of the lines, minor units. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    cardId: uuid('card_id').references(() => paymentCards.id, { onDelete: 'set null' }),
    /** The provider's payment, once the charge was asked for. */
    providerPaymentId: text('provider_payment_id'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('created'),
    /** Made once per checkout by the browser: a retry with it answers this order. */
    idempotencyKey: text('idempotency_key').notNull(),
    failureReason: text('failure_reason'),
    chargeAskedAt: timestamp('charge_asked_at', { withTimezone: true }),
    /**
     * The 3-D Secure return's reference, as its SHA-256 (hex): the return address carries the
     * reference itself, which lets a browser with no login there learn the order's outcome once.
     */
    returnRefHash: text('return_ref_hash'),
    /** When the return's reference told a final outcome: it is spent. */
    returnRefUsedAt: timestamp('return_ref_used_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** The refund job's tries at handing a refund-pending order to the provider. */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** When the refund job tries next (backing off after a failure); null: at once. */
    refundNextAt: timestamp('refund_next_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** What the provider has refunded of it so far (part refunds while it stays fulfilled). */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** A part refund asked for (a booking changed to fewer guests), not yet made. */
    partRefund: integer('part_refund').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The refund job's work list: whole refunds, and part refunds of fulfilled orders.
    index('orders_refund_pending_idx')
      .on(t.refundNextAt)
      .where(sql`${t.status} = 'refund-pending'`),
    index('orders_part_refund_idx')
      .on(t.refundNextAt)
      .where(sql`${t.partRefund} > 0`),
    uniqueIndex('orders_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_return_ref_idx')
      .on(t.returnRefHash)
      .where(sql`${t.returnRefHash} is not null`),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // A booking's change orders (cancelling it refunds them too).
    index('orders_booking_change_idx')
      .on(t.subject)
      .where(sql`${t.purpose} = 'lounge-amend'`),
    // The reconciler's work list: orders whose charge was asked for and that are not final.
    index('orders_unsettled_idx')
      .on(t.chargeAskedAt)
      .where(
        sql`${t.chargeAskedAt} is not null and ${t.status} in ('created', 'awaiting-authentication', 'paid')`,
      ),
    check(
      'orders_status_check',
      sql`${t.status} in ('created', 'awaiting-authentication', 'paid', 'fulfilled', 'failed', 'refund-pending', 'refunded')`,
    ),
    check(
      'orders_purpose_check',
      sql`${t.purpose} in ('passes', 'renewal', 'lounge-booking', 'lounge-amend', 'fast-track', 'offer')`,
    ),
    check('orders_amount_check', sql`${t.amount} >= 0`),
    check(
      'orders_refund_amounts_check',
      sql`${t.refundedAmount} >= 0 and ${t.partRefund} >= 0 and ${t.refundedAmount} + ${t.partRefund} <= ${t.amount}`,
    ),
  ],
);

/** Provider events (webhooks) already handled: a redelivery finds its id here and does nothing. */
export const providerEvents = pgTable('provider_events', {
  eventId: text('event_id').primaryKey(),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

/**
 * The slot inventory (DESIGN §6): places per bookable product and slot, the slot's start as a UTC
 * instant (its local date and time at the airport kept beside it). Places are taken by one
 * conditional update (`taken + n <= capacity`) and given back by another, so nothing is ever
 * oversold. Rows are made when a slot is first asked for, with the product's capacity then.
 */
export const productSlots = pgTable(
  'product_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    localDate: text('local_date').notNull(),
    localTime: text('local_time').notNull(),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_slots_product_start_idx').on(t.productId, t.startsAt),
    index('product_slots_product_date_idx').on(t.productId, t.localDate),
    check('product_slots_taken_check', sql`${t.taken} >= 0 and ${t.taken} <= ${t.capacity}`),
  ],
);

/** paused: the product's sales were paused (a fast-track lane), its unpaid holds ended. */
export const HOLD_RELEASES = [
  'confirmed',
  'failed',
  'lapsed',
  'replaced',
  'left',
  'paused',
] as const;
export type HoldRelease = (typeof HOLD_RELEASES)[number];

/** A change to a booked visit, priced when asked, applied once paid. */
export interface BookingChange {
  bookingId: string;
  /** Its reference, for the page the member comes back to from their bank. */
  reference: string;
  /** The booking as it was priced: a change made meanwhile voids this one (refunded). */
  fromSlotId: string | null;
  fromPlaces: number;
  /** Passes the added guests use, and the card price of the rest. */
  passes: number;
  paidGuests: number;
  unitAmount: number;
  currency: string;
}

/** What a member asked to book, kept with its hold until it is paid for and confirmed. */
export interface BookingDraft {
  date: string;
  time: string;
  flightNumber: string;
  /** The guests' names, in order; the member comes first on the booking. */
  guests: string[];
  infants: number;
  /** The membership whose passes are spent (null: every passenger pays). */
  dpid: string | null;
  passesOnly: boolean;
  /** Places held for a waiting-list member: booked only through pre-book, which replaces it. */
  waiting?: true;
  /** Fast track: the first passenger (the member) as named on the booking. */
  leadName?: string;
  /** Fast track: children going free with an adult (named; `infants` counts them). */
  freeChildren?: string[];
  /** Fast track, where the airport asks them: each passenger's age band, the member first. */
  ageBands?: AgeBand[] | null;
  /**
   * Places held for a change to a booked visit that adds paying guests: the change is made when
   * its order ('lounge-amend') is paid, if the booking is still as it was when priced.
   */
  amend?: BookingChange;
  /**
   * The total the member was last shown (the hold's answer, the price and review calls): the
   * order is charged it, or refused with the price now to confirm (priceChanged).
   */
  quoted?: { amount: number; currency: string };
  contact: {
    firstName: string;
    lastName: string;
    email: string;
    mobilePrefix: string;
    mobileNumber: string;
    confirmed: boolean;
  };
}

/**
 * Places held in a slot for a checkout in progress. Released exactly once, by a conditional
 * update on `released_at is null`: confirmed (the places become the booking's), failed (the
 * payment), lapsed (the sweeper, after `expires_at`) or replaced (the member chose again).
 */
export const slotHolds = pgTable(
  'slot_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => productSlots.id),
    places: integer('places').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releaseReason: text('release_reason', { enum: HOLD_RELEASES }),
    orderId: uuid('order_id').references(() => orders.id),
    draft: jsonb('draft').$type<BookingDraft>().notNull(),
    createdAt: createdAt(),
    /** The slot's local date: a member holds places at a product on one day at most at once. */
    localDate: text('local_date').notNull(),
  },
  (t) => [
    // One live hold per member, product and day (issue 61): a new one replaces the old one, and
    // however many pre-books a member sends at once, the database keeps no second live hold.
    uniqueIndex('slot_holds_live_member_day_idx')
      .on(t.userId, t.productId, t.localDate)
      .where(sql`${t.releasedAt} is null`),
    // The sweeper's work list.
    index('slot_holds_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.releasedAt} is null`),
    index('slot_holds_user_idx').on(t.userId),
    // A paid order's hold, found by its order: the fulfilment's confirmation, the reconciler,
    // the sweeper's failed payments (without it, each read the whole table).
    index('slot_holds_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    check('slot_holds_places_check', sql`${t.places} > 0`),
  ],
);

/**
 * Members waiting for a place in a full slot ("Tell me if a place frees up"). When places free
 * up, the first waiting members in turn get them held for a while and an email with a link.
 */
export const slotWaitlist = pgTable(
  'slot_waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => productSlots.id),
    places: integer('places').notNull(),
    createdAt: createdAt(),
    /** When the member was told and the places held for them (the hold, below). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    holdId: uuid('hold_id').references(() => slotHolds.id),
  },
  (t) => [
    uniqueIndex('slot_waitlist_user_slot_idx').on(t.userId, t.slotId),
    index('slot_waitlist_waiting_idx')
      .on(t.slotId, t.createdAt)
      .where(sql`${t.notifiedAt} is null`),
    check('slot_waitlist_places_check', sql`${t.places} > 0`),
  ],
);

/**
 * Single-use vouchers of dining and spa offers (issue 20): issued when a member redeems an
 * offer, valid at that outlet on the local date of redemption until `validUntil` (its closing
 * time), shown at the outlet by a short `code` or its signed QR. Each change of state is one
 * conditional update from 'open', so a voucher is used once or expired once; a pass it spent
 * is given back once when it expires unused.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the member reads out or the outlet types: e.g. "K7QM-3XPA". */
    code: text('code').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    dpid: text('dpid').references(() => memberships.dpid, { onDelete: 'set null' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    /** The outlet's local date it was redeemed on (its airport's zone). */
    localDate: text('local_date').notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    passesSpent: integer('passes_spent').notNull().default(0),
    status: text('status', { enum: VOUCHER_STATUSES }).notNull().default('open'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    passesReturned: integer('passes_returned').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vouchers_code_idx').on(t.code),
    // One open voucher per member, outlet and local day, kept by the database: a double click
    // or two tabs issue one.
    uniqueIndex('vouchers_open_member_outlet_day_idx')
      .on(t.userId, t.productId, t.localDate)
      .where(sql`${t.status} = 'open'`),
    index('vouchers_open_until_idx')
      .on(t.validUntil)
      .where(sql`${t.status} = 'open'`),
    index('vouchers_user_idx').on(t.userId, t.createdAt),
    check('vouchers_status_check', sql`${t.status} in ('open', 'used', 'expired')`),
    check(
      'vouchers_counts_check',
      sql`${t.passesSpent} >= 0 and ${t.passesReturned} >= 0 and ${t.passesReturned} <= ${t.passesSpent}`,
    ),
  ],
);
