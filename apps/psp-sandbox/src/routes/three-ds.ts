import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxContext } from '../context';
import { ERRORS } from '../errors';
import { pageCsp } from '../pages/html';
import {
  badDecisionPage,
  challengeNotFoundPage,
  challengePage,
  paymentChallengePage,
} from '../pages/three-ds-page';
import type { PaymentRecord, TokenRecord } from '../store';
import { paymentAnswer } from './views';

/** The sandbox's stand-in for the issuer's 3-D Secure challenge, at {publicUrl}/3ds/{tokenId}. */

type Params = { tokenId: string };

function sendPage(reply: FastifyReply, status: number, html: string, formTargets: string[] = []) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', pageCsp(formTargets))
    .send(html);
}

function pendingToken(ctx: SandboxContext, tokenId: string): TokenRecord | undefined {
  const token = ctx.store.getToken(tokenId);
  return token?.status === 'PENDING_AUTHENTICATION' ? token : undefined;
}

function pendingPayment(ctx: SandboxContext, paymentId: string): PaymentRecord | undefined {
  const payment = ctx.store.getPayment(paymentId);
  return payment?.status === 'PENDING_AUTHENTICATION' ? payment : undefined;
}

export async function threeDs(app: FastifyInstance, { ctx }: { ctx: SandboxContext }) {
  await app.register(formbody, { bodyLimit: 1024 });

  app.get<{ Params: Params }>('/:tokenId', (request, reply) => {
    const token = pendingToken(ctx, request.params.tokenId);
    if (!token) return sendPage(reply, 404, challengeNotFoundPage());
    // form-action covers where the POST redirects to, so the portal's origin must be allowed too.
    return sendPage(reply, 200, challengePage(token), [new URL(token.returnUrl).origin]);
  });

  app.post<{ Params: Params; Body: { decision?: unknown } | undefined }>(
    '/:tokenId',
    (request, reply) => {
      const token = pendingToken(ctx, request.params.tokenId);
      if (!token) return sendPage(reply, 404, challengeNotFoundPage());
      const decision = request.body?.decision;
      if (decision !== 'approve' && decision !== 'decline') {
        return sendPage(reply, 400, badDecisionPage());
      }

      token.status = decision === 'approve' ? 'CREATED' : 'AUTHENTICATION_FAILED';
      ctx.store.putToken(token);
      const back = new URL(token.returnUrl);
      back.searchParams.set('tokenId', token.id);
      back.searchParams.set('outcome', decision === 'approve' ? 'approved' : 'declined');
      return reply.status(303).header('location', back.href).send();
    },
  );

  // A payment with a saved card whose issuer asks for 3-D Secure at every payment.
  app.get<{ Params: { paymentId: string } }>('/payments/:paymentId', (request, reply) => {
    const payment = pendingPayment(ctx, request.params.paymentId);
    const token = payment && ctx.store.getToken(payment.tokenId);
    if (!payment?.returnUrl || !token) return sendPage(reply, 404, challengeNotFoundPage());
    return sendPage(reply, 200, paymentChallengePage(payment, token.card), [
      new URL(payment.returnUrl).origin,
    ]);
  });

  app.post<{ Params: { paymentId: string }; Body: { decision?: unknown } | undefined }>(
    '/payments/:paymentId',
    (request, reply) => {
      const payment = pendingPayment(ctx, request.params.paymentId);
      if (!payment?.returnUrl) return sendPage(reply, 404, challengeNotFoundPage());
      const decision = request.body?.decision;
      if (decision !== 'approve' && decision !== 'decline') {
        return sendPage(reply, 400, badDecisionPage());
      }
      payment.status = decision === 'approve' ? 'CAPTURED' : 'REJECTED';
      if (decision === 'decline') payment.errorCode = ERRORS.authenticationFailed.code;
      ctx.store.putPayment(payment);
      ctx.webhooks.paymentChanged(paymentAnswer(ctx.publicUrl(), payment));
      const back = new URL(payment.returnUrl);
      back.searchParams.set('paymentId', payment.id);
      back.searchParams.set('outcome', decision === 'approve' ? 'approved' : 'declined');
      return reply.status(303).header('location', back.href).send();
    },
  );
}
