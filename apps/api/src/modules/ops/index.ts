import { CARD_CODE_MAX_LENGTH, ISSUERS } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { issueMemberships, UnknownCardTypeError } from '../../members/issue-memberships';
import { memberships } from '../../db/schema';
import { issuerConfig } from '../../platform/issuer-config';
import { checkScannedCard } from '../membership/index';
import { confirmVoucher } from '../offers/index';
import { checkInBooking } from '../prebooking/index';
import { registerCatalogueRoutes } from './catalogue-routes';
import { registerMaintenanceRoutes } from './maintenance-routes';
import { opsAccessCheck, opsDoc } from './ops-auth';
import { answerOpsFailures, opsFailure } from './ops-failure';

const isoDate = z.iso.date();

export const issueMembershipBody = z
  .object({
    issuer: z.enum(ISSUERS),
    count: z.number().int().min(1).max(1000).default(1),
    holder: z.string().trim().min(1).max(100).optional(),
    cardType: z.string().min(1).max(50).optional(),
    expiresOn: isoDate.optional(),
  })
  .strict();

function opsApi(app: FastifyInstance, _options: object, done: () => void): void {
  answerOpsFailures(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = opsAccessCheck(app.env);

  api.post(
    '/ops-api/memberships/issue',
    {
      onRequest,
      schema: {
        body: issueMembershipBody,
        ...opsDoc(
          'issueMemberships',
          'Issues new membership numbers for an issuer (and card type), with their expiry date.',
        ),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const now = app.clock.now();
      const expiresOn =
        body.expiresOn ??
        new Date(Date.UTC(now.getUTCFullYear() + 3, now.getUTCMonth() + 1, 0))
          .toISOString()
          .slice(0, 10);
      try {
        const numbers = await app.db.transaction((tx) =>
          issueMemberships(tx, { ...body, expiresOn }),
        );
        request.log.info({ issuer: body.issuer, count: numbers.length }, 'memberships issued');
        return { issuer: body.issuer, expiresOn, numbers };
      } catch (err) {
        if (err instanceof UnknownCardTypeError) {
          const known = issuerConfig[body.issuer].cardTypes.map((c) => c.id).join(', ');
          return reply
            .status(400)
            .send(opsFailure('unknown-card-type', `${err.message}. Known: ${known}`));
        }
        throw err;
      }
    },
  );

  // Customer service: a member's passes left set by hand (goodwill passes, a correction).
  api.post(
    '/ops-api/memberships/passes',
    {
      onRequest,
      schema: {
        body: z
          .object({
            dpid: z.string().regex(/^\d{16}$/),
            passesLeft: z.number().int().min(0).max(1000),
          })
          .strict(),
        ...opsDoc(
          'setPassesLeft',
          "A membership's passes left, set by hand (goodwill passes, a correction).",
        ),
      },
    },
    async (request, reply) => {
      const { dpid, passesLeft } = request.body;
      const [row] = await app.db
        .update(memberships)
        .set({
          passesUsed: sql`greatest(${memberships.passesPerYear} + ${memberships.passesBought} - ${passesLeft}, 0)`,
          passesBought: sql`${memberships.passesBought} + greatest(${passesLeft} - ${memberships.passesPerYear} - ${memberships.passesBought}, 0)`,
        })
        .where(eq(memberships.dpid, dpid))
        .returning();
      if (!row)
        return reply.status(404).send(opsFailure('unknown-membership', 'No such membership.'));
      request.log.info({ passesLeft }, 'membership passes set');
      return { dpid, passesLeft: row.passesPerYear + row.passesBought - row.passesUsed };
    },
  );

  api.post(
    '/ops-api/digital-card/verify',
    {
      onRequest,
      schema: {
        body: z.object({ code: z.string().min(1).max(CARD_CODE_MAX_LENGTH) }).strict(),
        ...opsDoc(
          'verifyDigitalCard',
          "Checks a scanned digital membership card's code at the door: valid, or why not.",
        ),
      },
    },
    async (request) => {
      const checked = await checkScannedCard(app, request.body.code);
      // Who was checked, never the code itself (it is a bearer credential for ~90 s).
      request.log.info(
        { valid: checked.valid, ...(checked.valid ? {} : { reason: checked.reason }) },
        'digital card checked',
      );
      return checked;
    },
  );

  api.post(
    '/ops-api/bookings/check-in',
    {
      onRequest,
      schema: {
        body: z.object({ code: z.string().min(1).max(200) }).strict(),
        ...opsDoc(
          'checkInBooking',
          'Checks in a lounge or fast-track booking from its QR code or Booking ID.',
        ),
      },
    },
    async (request) => {
      const checked = await checkInBooking(app, request.body.code);
      request.log.info(
        checked.valid
          ? { valid: true, bookingId: checked.bookingId }
          : { valid: false, reason: checked.reason },
        'booking checked in',
      );
      return checked;
    },
  );

  // An outlet's till confirms a dining or spa voucher (typed code or scanned QR).
  api.post(
    '/ops-api/vouchers/confirm',
    {
      onRequest,
      schema: {
        body: z
          .object({
            code: z.string().min(1).max(200),
            productId: z.string().min(1).max(64),
            amount: z.number().int().min(0).max(10_000_000).optional(),
            currency: z
              .string()
              .regex(/^[A-Z]{3}$/)
              .optional(),
            guests: z.number().int().min(0).max(20).optional(),
          })
          .strict()
          .refine((b) => b.currency === undefined || b.amount !== undefined, {
            message: 'currency goes with amount',
            path: ['currency'],
          }),
        ...opsDoc(
          'confirmVoucher',
          "An outlet's till confirms a dining or spa voucher (typed code or scanned QR), once.",
        ),
      },
    },
    async (request) => {
      const confirmed = await confirmVoucher(app, request.body);
      // The outlet and the outcome, never the code (a bearer of the member's offer until used).
      request.log.info(
        confirmed.valid
          ? { valid: true, productId: request.body.productId }
          : { valid: false, reason: confirmed.reason },
        'voucher confirmed',
      );
      return confirmed;
    },
  );

  registerMaintenanceRoutes(app, onRequest);
  registerCatalogueRoutes(app, onRequest);
  done();
}

/**
 * The operator API under /ops-api: the CLI's server side. Its routes live in a context of their
 * own, so that their failures have the operator API's one shape (`OpsFailure`).
 */
export const opsModule = fp(
  async (app: FastifyInstance) => {
    await app.register(opsApi);
  },
  { name: 'ops', dependencies: ['platform', 'products', 'membership', 'prebooking', 'offers'] },
);

export type { OpsFailure } from './ops-failure';
