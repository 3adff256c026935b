/*
 * The checkout engine (DESIGN §6): the only way the portal takes money. Orders are priced by
 * the server, opened once per idempotency key, moved by conditional updates only, and
 * fulfilled in the same transaction as paid -> fulfilled.
 */
export { CannotFulfil, fulfilOrder, type Fulfil } from './fulfil-order';
export {
  reconcileOrders,
  type Fulfilments,
  type ReconcileOptions,
  type ReconcileReport,
} from './reconcile';
export {
  existingOrder,
  openOrder,
  orderAmount,
  orderOfKey,
  orderRow,
  ORDER_COLUMNS,
  ORDER_KEY,
  type OpenedOrder,
  type OrderRequest,
} from './open-order';
export {
  closeUncharged,
  findOrder,
  findOwnOrder,
  moveFreeOrder,
  moveOrder,
  ORDER_MOVES,
  type MoveDetails,
  type Order,
} from './order-states';
export {
  applyPayment,
  chargeOrder,
  completeFreeOrder,
  orderAnswer,
  settleOrder,
  type ChargeDeps,
  type ChargeOutcome,
} from './charge';
export {
  applyProviderEvent,
  providerEventSchema,
  SIGNATURE_HEADER,
  verifySignature,
  type EventOutcome,
  type EventResult,
  type ProviderEvent,
} from './provider-events';
export { admitNewCard, cardAttemptPolicy } from './card-attempts';
export { orderOfReturnRef, spendReturnRef } from './return-ref';
export { askPartRefund, refundDue, type RefundReport } from './refunds';
