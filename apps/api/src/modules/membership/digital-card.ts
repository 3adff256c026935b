import { calls, type DigitalCard } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { memberships } from '../../db/schema';
import { memberOrAuthFailure } from '../../members/member-row';
import { membershipInUse, passesLeft } from '../../members/membership-in-use';
import { CallError } from '../../platform/call-error';
import {
  CARD_TOTP_PERIOD_SECONDS,
  cardTotpSecret,
  digitalCardKeysOf,
  issueCardToken,
  publicJwk,
  verifyCardCode,
  type CardCodeVerification,
} from '../../platform/digital-card';
import { registerCall } from '../../plugins/calls';
import { membershipToday } from './charge-prices';
import { membershipView } from './membership-view';

/** What a lounge desk is told of a scanned card code. */
export type ScannedCard =
  | {
      valid: false;
      reason: Extract<CardCodeVerification, { valid: false }>['reason'] | 'not-active';
      /** For a card that is genuine but no longer active: whose, and what it is now. */
      card?: ScannedMembership;
    }
  | ({ valid: true } & ScannedMembership);

interface ScannedMembership {
  dpid: string;
  holderName: string | null;
  issuer: string;
  status: string;
  expiresOn: string;
  /** Passes left now (the database's word, not the token's). */
  passesLeft: number;
}

const cardKeysOf = (app: FastifyInstance) => digitalCardKeysOf(app.env);

/**
 * The rotating digital card: the member's device fetches its parts (signed token and TOTP
 * secret) and shows the code offline; a desk checks a scan (the operator API) and anyone may
 * check the signature with the public key.
 */
export function registerDigitalCard(app: FastifyInstance): void {
  const keys = cardKeysOf(app);

  registerCall(app, calls.digitalCard, async ({ member }): Promise<DigitalCard> => {
    // Production without DIGITAL_CARD_* settings has the card off.
    if (!keys) throw new CallError('serverError');
    const user = await memberOrAuthFailure(app.db, member.userId);
    const inUse = await membershipInUse(app.db, user.id);
    if (!inUse) throw new CallError('notFound');
    if (inUse.status === 'suspended') throw new CallError('membershipSuspended');
    const now = app.clock.now();
    if (inUse.status === 'expired' || inUse.expiresOn < membershipToday(now)) {
      throw new CallError('membershipExpired');
    }
    // The card's name and art (its joint holders are not on the card).
    const view = membershipView(inUse, true, new Map());
    const holderName = inUse.holderName ?? `${user.firstName} ${user.lastName}`;
    const { dpid, status, expiresOn, issuer } = inUse;
    const token = await issueCardToken(keys, { dpid, holderName, status, expiresOn, issuer }, now);
    return {
      token,
      tokenExpiresAt: new Date((decodeJwt(token).exp ?? 0) * 1000).toISOString(),
      secret: cardTotpSecret(keys, inUse.dpid),
      period: CARD_TOTP_PERIOD_SECONDS,
      dpid: inUse.dpid,
      holderName,
      cardName: view.cardName,
      issuer: view.issuer,
      expiresOn: inUse.expiresOn,
      cardBg: view.cardBg,
    };
  });

  // The public key (a JWKS), for anyone to check a card token's signature offline.
  app.get('/digital-card/keys.json', { schema: { hide: true } }, (_request, reply) =>
    keys
      ? reply.header('cache-control', 'public, max-age=3600').send({ keys: [publicJwk(keys)] })
      : reply.status(404).send({ keys: [] }),
  );
}

/**
 * A scanned card code checked at a lounge desk: the signature, the token's expiry and the
 * rotating code (at most ~90 s old, this card's); then the membership as it is now, so a card
 * suspended since its token was issued is refused.
 */
export async function checkScannedCard(app: FastifyInstance, code: string): Promise<ScannedCard> {
  const keys = cardKeysOf(app);
  if (!keys) return { valid: false, reason: 'bad-signature' };
  const now = app.clock.now();
  const checked = await verifyCardCode(keys, code, now);
  if (!checked.valid) return checked;
  const [row] = await app.db.select().from(memberships).where(eq(memberships.dpid, checked.dpid));
  if (!row) return { valid: false, reason: 'wrong-code' };
  const card: ScannedMembership = {
    dpid: row.dpid,
    holderName: checked.holderName,
    issuer: row.issuer,
    status: row.status,
    expiresOn: row.expiresOn,
    passesLeft: passesLeft(row),
  };
  const active = row.status === 'active' && row.expiresOn >= membershipToday(now);
  return active ? { valid: true, ...card } : { valid: false, reason: 'not-active', card };
}
