import {
  FAST_TRACK_STEPS,
  LOUNGE_STEPS,
  type BookingOrderState,
  type Money,
  type ReviewBase,
} from '@portal/contract';
import { queryOptions, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api/api-client';
import { callFileMutationOptions } from '@/shared/api/query-options';
import { paths } from '@/shared/config/paths';
import {
  bookingOrderQueryOptions,
  laneOrderQueryOptions,
  laneReviewQueryOptions,
  prebookingCalls,
  reviewQueryOptions,
} from '../api/prebooking';
import { draftStore, loungeDraft, type DraftBase, type DraftStore } from './draft';

/** What prepare-order takes: the hold, a saved card when there is something to pay, the key. */
export interface HoldPayment {
  holdId: string;
  cardId?: string;
  idempotencyKey: string;
  /** The total the member saw and confirmed by paying: charged only if it is still the price. */
  confirmedTotal?: Money;
}

interface StepPath {
  getHref(): string;
}

/** A fast-track booking in progress, kept for the tab (session storage) across its steps. */
export interface LaneDraft extends DraftBase {
  date?: string;
  time?: string;
  /** Passengers in all, the member included. */
  passengers?: number;
  flightNumber?: string;
  /** Step 1 checked by the server (the window open, the limit kept): step 2 may open. */
  detailDone?: boolean;
  /** A hold of an earlier choice, let go when step 2 holds the places anew. */
  replaceHoldId?: string;
  /** Step 2 as the member filled it in, to come back to. */
  names?: string[];
  bands?: string[];
}

/**
 * What one booking flow (a lounge, a fast-track lane) gives the pages they share: its steps,
 * pages, draft, review, payment and confirmation calls. The pages, the hold's countdown, the
 * payment and the result are written once and take a flow.
 */
export interface BookingFlow {
  kind: 'lounge' | 'fast-track';
  /** The group of the `pages` texts its titles are in. */
  titles: 'prebooking' | 'cipPrebooking';
  /** The progress: how many steps, the key of their names, and which one pays. */
  steps: number;
  stepNames: 'progress.steps' | 'progress.fastTrackSteps';
  paymentStep: number;
  paths: { detail: StepPath; review: StepPath; payment: StepPath; result: StepPath };
  draft: DraftStore<DraftBase>;
  /**
   * Where `?currentStep=` may send the member (spec: it overrides the progress step): each step's
   * page in order, and the furthest step the booking in progress has reached.
   */
  stepOverride?: { pages: readonly StepPath[]; reached: (params: URLSearchParams) => number };
  /** The review of a hold: its cache key and the call that answers it. */
  reviewKey: (holdId: string) => QueryKey;
  fetchReview: (holdId: string, signal?: AbortSignal) => Promise<ReviewBase>;
  /** An order's state: its cache key and the call that settles it from the provider's word. */
  orderKey: (orderId: string) => QueryKey;
  checkOrder: (orderId: string, signal?: AbortSignal) => Promise<BookingOrderState>;
  /** Pays for a hold (prepare-order): a saved card, or nothing when passes cover it. */
  prepare: (payload: HoldPayment) => Promise<BookingOrderState>;
  pdf: UseMutationOptions<Blob, Error, { bookingId: string }>;
}

export const LOUNGE_FLOW: BookingFlow = {
  kind: 'lounge',
  titles: 'prebooking',
  steps: LOUNGE_STEPS,
  stepNames: 'progress.steps',
  paymentStep: 3,
  paths: paths.prebooking,
  draft: loungeDraft,
  reviewKey: (holdId) => reviewQueryOptions(holdId).queryKey,
  fetchReview: (holdId, signal) =>
    callApi(prebookingCalls.reviewDetails, { holdId }, signal ? { signal } : {}),
  orderKey: (orderId) => bookingOrderQueryOptions(orderId).queryKey,
  checkOrder: (orderId, signal) =>
    callApi(prebookingCalls.checkBookingPayment, { orderId }, signal ? { signal } : {}),
  prepare: (payload) => callApi(prebookingCalls.prepareBookingOrder, payload),
  pdf: callFileMutationOptions(prebookingCalls.loungeBookingPdf),
};

export const laneDraft = draftStore<LaneDraft>('cipPrebookingDraft');

/** The draft's hold while it lasts (by this browser's clock), else nothing. */
export function liveHoldOf(draft: DraftBase | undefined, now = Date.now()): string | undefined {
  return draft?.holdId && draft.expiresAt && new Date(draft.expiresAt).getTime() > now
    ? draft.holdId
    : undefined;
}

/**
 * The furthest fast-track step reached: places held (review, payment), step 1 done, or none; a
 * link to another lane than the draft's starts at step 1.
 */
export function laneStepReached(code: string | null, draft = laneDraft.read()): number {
  if (!draft || (code && code !== draft.code)) return 1;
  if (liveHoldOf(draft)) return 4;
  return draft.detailDone ? 2 : 1;
}

export const FAST_TRACK_FLOW: BookingFlow = {
  kind: 'fast-track',
  titles: 'cipPrebooking',
  steps: FAST_TRACK_STEPS,
  stepNames: 'progress.fastTrackSteps',
  paymentStep: 4,
  paths: paths.cipPrebooking,
  draft: laneDraft,
  stepOverride: {
    pages: [
      paths.cipPrebooking.detail,
      paths.cipPrebooking.passenger,
      paths.cipPrebooking.review,
      paths.cipPrebooking.payment,
    ],
    reached: (params) => laneStepReached(params.get('code')),
  },
  reviewKey: (holdId) => laneReviewQueryOptions(holdId).queryKey,
  fetchReview: (holdId, signal) =>
    callApi(prebookingCalls.fastTrackReviewDetails, { holdId }, signal ? { signal } : {}),
  orderKey: (orderId) => laneOrderQueryOptions(orderId).queryKey,
  checkOrder: (orderId, signal) =>
    callApi(prebookingCalls.fastTrackCheckPayment, { orderId }, signal ? { signal } : {}),
  prepare: (payload) => callApi(prebookingCalls.fastTrackPrepareOrder, payload),
  pdf: callFileMutationOptions(prebookingCalls.fastTrackBookingPdf),
};

const quiet = { serverErrorOverlay: false } as const;

/** A flow's review of a hold, for the steps that show it. */
export const flowReviewQuery = (flow: BookingFlow, holdId: string) =>
  queryOptions({
    queryKey: flow.reviewKey(holdId),
    queryFn: ({ signal }) => flow.fetchReview(holdId, signal),
    meta: quiet,
    retry: false,
  });

/** A flow's order, asked again while the bank's answer is on its way. */
export const flowOrderQuery = (flow: BookingFlow, orderId: string) =>
  queryOptions({
    queryKey: flow.orderKey(orderId),
    queryFn: ({ signal }) => flow.checkOrder(orderId, signal),
    meta: quiet,
    refetchInterval: (query) => {
      const outcome = query.state.data?.outcome;
      return outcome === 'pending' || outcome === 'authenticate' ? 2000 : false;
    },
  });
