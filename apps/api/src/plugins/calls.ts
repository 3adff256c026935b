import {
  API_PREFIX,
  DEFAULT_CHANNEL,
  failureEnvelopeSchema,
  successEnvelopeSchema,
  type CallDef,
  type ParsedPayloadOf,
  type ResultOf,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkIpLimit } from '../platform/ip-limits';
import { AUTHORIZATION_MAX_LENGTH, type Member, type TokenCheck } from './auth';

export interface CallContext<C extends CallDef> {
  payload: ParsedPayloadOf<C>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The token's member; set on every `member` call. */
  member: C['auth'] extends 'member' ? Member : Member | null;
  language: string;
  /**
   * Answers the file a `file` call declares (its content type is the contract's): downloaded
   * under `filename`, never cached (it is the member's own).
   */
  sendFile: (body: Buffer | string, filename: string) => FastifyReply;
}

export type CallHandler<C extends CallDef> = (
  context: CallContext<C>,
) => Promise<ResultOf<C> | FastifyReply>;

/**
 * The context of a member call that checks its token in its own first statement
 * (registerCallCheckingToken): `token` is the check to make there (tokenCheckParts), whose
 * outcome the handler gives app.tokenChecked.
 */
export type TokenCallContext<C extends CallDef> = Omit<CallContext<C>, 'member'> & {
  token: TokenCheck;
};

const headersSchema = z.looseObject({
  channel: z.literal(DEFAULT_CHANNEL).optional(),
  'accept-language': z.string().max(200).optional(),
  authorization: z.string().max(AUTHORIZATION_MAX_LENGTH).optional(),
});

/** A `file` call's answer: its file in place of the JSON envelope, never cached. */
function sendFile(
  reply: FastifyReply,
  call: CallDef,
  body: Buffer | string,
  filename: string,
): FastifyReply {
  if (!call.file) throw new Error(`${call.path} declares no file to answer`);
  const contentType = call.file.startsWith('text/') ? `${call.file}; charset=utf-8` : call.file;
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** The first language tag of an Accept-language header, defaulting to en-GB. */
export function languageOf(header: string | undefined): string {
  const first = header?.split(',')[0]?.split(';')[0]?.trim();
  return first && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(first) ? first : 'en-GB';
}

/**
 * A call's success answer as its route sends it (filtered through its result schema), for an
 * answer kept serialised (sendEncoded).
 */
export function answerBody<C extends CallDef>(call: C): (result: ResultOf<C>) => string {
  const state = call.successState ?? '1';
  const envelope = successEnvelopeSchema(call.result, state);
  return (result) => JSON.stringify(envelope.parse({ state, errorCode: null, result }));
}

/**
 * Registers one call from its contract declaration: POST under /client-api, payload validated
 * by the contract's schema, the answer filtered through its result schema, `member` calls
 * behind the token check. `fastRead`: the call answers from a cache by `sendEncoded`, the same
 * for every caller, or, a member call, by `sendMemberEncoded`, the same for the members it is
 * shared with (a call with no budget, whose token is checked before its handler).
 */
export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  options: { fastRead?: boolean; tokenInStatement?: boolean } = {},
): void {
  const url = `${API_PREFIX}${call.path}`;
  // A read answered from a cache (sendEncoded, sendMemberEncoded): the fast path may send it
  // again, with no budget counted and no statement checking the token.
  if (options.fastRead && (call.ipLimit || options.tokenInStatement))
    throw new Error(
      `${call.path}: a fast read has no budget and checks its token before its handler`,
    );
  // A budget is counted per member once the token is checked: before the handler's statement
  // checks it, it would be counted by address, for callers not known to be anyone's.
  if (options.tokenInStatement && call.ipLimit)
    throw new Error(`${call.path}: a call with a budget checks its token before its handler`);
  const fastReads = options.fastRead ? app.fastReads : undefined;
  fastReads?.route(url);
  const successSchema = successEnvelopeSchema(call.result, call.successState ?? '1');
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url,
    ...(fastReads ? { preParsing: fastReads.preParsing } : {}),
    schema: {
      headers: headersSchema,
      // No body at all reaches the validator as null: it is an absent payload.
      body: z.preprocess((v) => v ?? undefined, call.payload),
      response: { 200: z.union([successSchema, failureEnvelopeSchema]) },
    },
    // The token is checked before the payload, so an anonymous caller learns nothing of it. A
    // public call with no budget has no such step (no promise on the path of the hot reads).
    ...(call.auth === 'member' || call.ipLimit
      ? {
          preValidation: async (request: FastifyRequest) => {
            if (call.auth === 'member' && options.tokenInStatement) {
              request.pendingToken = app.tokenCheck(request);
            } else if (call.auth === 'member') await app.requireMember(request);
            // Counted before the payload is read: malformed floods count too.
            if (call.ipLimit) await checkIpLimit(app, request, call.ipLimit);
          },
        }
      : {}),
    handler: async (request, reply) => {
      const outcome = await handler({
        payload: request.body as ParsedPayloadOf<C>,
        request,
        reply,
        member: request.member as CallContext<C>['member'],
        ...(request.pendingToken ? { token: request.pendingToken } : {}),
        language: languageOf(request.headers['accept-language']),
        sendFile: (body, filename) => sendFile(reply, call, body, filename),
      });
      // A handler that sent the answer itself returns the reply, which is a thenable: awaited, it
      // comes back as undefined once the answer is out. Either way there is nothing left to send.
      if (outcome === reply || reply.sent) return reply;
      return { state: call.successState ?? '1', errorCode: null, result: outcome };
    },
  });
}

/**
 * Registers a member call whose handler checks the token in its own first statement
 * (tokenCheckParts as its CTEs): one statement fewer on a hot call (issue 23: a refused pre-book was
 * the token's check and the member's read). The check is made there every time, a recent one of
 * this process's (requireMember's) notwithstanding. The handler gives that statement's outcome
 * to app.tokenChecked before anything it does can be seen; an error answered before then checks
 * the token first (errors.ts).
 */
export function registerCallCheckingToken<C extends CallDef & { auth: 'member' }>(
  app: FastifyInstance,
  call: C,
  handler: (context: TokenCallContext<C>) => Promise<ResultOf<C> | FastifyReply>,
): void {
  // With tokenInStatement, the context registerCall gives carries `token` (TokenCallContext).
  registerCall(app, call, handler as unknown as CallHandler<C>, { tokenInStatement: true });
}
