import type { PaymentOutcome } from './cards/test-cards';

/** What the sandbox remembers. Never a full card number; a CVV only while cached for a payment. */

export interface ClientSession {
  id: string;
  customerId: string;
  expiresAt: number;
}

export type TokenStatus = 'CREATED' | 'PENDING_AUTHENTICATION' | 'AUTHENTICATION_FAILED';

export interface CardSummary {
  productId: number;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
  fingerprint: string;
}

export interface TokenRecord {
  id: string;
  status: TokenStatus;
  card: CardSummary;
  /** What its payments do (scripted by the test card it was made from). */
  atPayment: PaymentOutcome;
  /** Where the 3-D Secure page sends the browser back; http(s) only, checked at creation. */
  returnUrl: string;
  reference?: string;
  createdAt: number;
}

export interface RefundRecord {
  id: string;
  amount: number;
  createdAt: number;
}

/** PENDING_AUTHENTICATION until the 3-D Secure challenge; then CAPTURED or REJECTED. */
export type PaymentStatus = 'PENDING_AUTHENTICATION' | 'CAPTURED' | 'REJECTED';

export interface PaymentRecord {
  id: string;
  orderId: string;
  tokenId: string;
  status: PaymentStatus;
  /** Why it was rejected: the provider's error code. */
  errorCode?: string;
  /** Where the payment's 3-D Secure page sends the browser back. */
  returnUrl?: string;
  amount: number;
  currency: string;
  usedCachedCvv: boolean;
  refunds: RefundRecord[];
  createdAt: number;
}

export interface SandboxStore {
  putSession(session: ClientSession): void;
  getSession(id: string): ClientSession | undefined;
  /** Records a JWE nonce; false when it was seen before (a replay). */
  useNonce(nonce: string, rememberUntil: number): boolean;
  putToken(token: TokenRecord): void;
  getToken(id: string): TokenRecord | undefined;
  deleteToken(id: string): boolean;
  putPayment(payment: PaymentRecord): void;
  getPayment(id: string): PaymentRecord | undefined;
  getPaymentByOrderId(orderId: string): PaymentRecord | undefined;
  cacheCvv(tokenId: string, cvv: string, expiresAt: number): void;
  /** Hands out a live cached CVV once, and forgets it. */
  takeCvv(tokenId: string, now: number): string | undefined;
  hasCvv(tokenId: string, now: number): boolean;
  /** Drops what has expired: sessions, remembered nonces, cached CVVs. */
  sweep(now: number): void;
  /** Everything held, as plain data (tests inspect it). */
  snapshot(): {
    sessions: ClientSession[];
    tokens: TokenRecord[];
    payments: PaymentRecord[];
    cachedCvvTokens: string[];
  };
}

export function createMemoryStore(): SandboxStore {
  const sessions = new Map<string, ClientSession>();
  const nonces = new Map<string, number>();
  const tokens = new Map<string, TokenRecord>();
  const payments = new Map<string, PaymentRecord>();
  const paymentsByOrderId = new Map<string, string>();
  const cvvs = new Map<string, { cvv: string; expiresAt: number }>();

  return {
    putSession: (session) => void sessions.set(session.id, session),
    getSession: (id) => sessions.get(id),
    useNonce(nonce, rememberUntil) {
      if (nonces.has(nonce)) return false;
      nonces.set(nonce, rememberUntil);
      return true;
    },
    putToken: (token) => void tokens.set(token.id, token),
    getToken: (id) => tokens.get(id),
    deleteToken(id) {
      cvvs.delete(id);
      return tokens.delete(id);
    },
    putPayment(payment) {
      payments.set(payment.id, payment);
      paymentsByOrderId.set(payment.orderId, payment.id);
    },
    getPayment: (id) => payments.get(id),
    getPaymentByOrderId(orderId) {
      const id = paymentsByOrderId.get(orderId);
      return id === undefined ? undefined : payments.get(id);
    },
    cacheCvv: (tokenId, cvv, expiresAt) => void cvvs.set(tokenId, { cvv, expiresAt }),
    takeCvv(tokenId, now) {
      const cached = cvvs.get(tokenId);
      cvvs.delete(tokenId);
      return cached && cached.expiresAt > now ? cached.cvv : undefined;
    },
    hasCvv(tokenId, now) {
      const cached = cvvs.get(tokenId);
      return cached !== undefined && cached.expiresAt > now;
    },
    sweep(now) {
      for (const [id, session] of sessions) if (session.expiresAt <= now) sessions.delete(id);
      for (const [nonce, until] of nonces) if (until <= now) nonces.delete(nonce);
      for (const [id, cached] of cvvs) if (cached.expiresAt <= now) cvvs.delete(id);
    },
    snapshot: () => ({
      sessions: [...sessions.values()],
      tokens: [...tokens.values()],
      payments: [...payments.values()],
      cachedCvvTokens: [...cvvs.keys()],
    }),
  };
}
