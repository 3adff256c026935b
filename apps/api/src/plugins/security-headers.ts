import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Env } from '../config/env';
import { paymentProviderOrigins } from '../platform/payment-provider-config';
import { failure } from './errors';

/** The one security-header policy, sent on every answer (`securityHeaders`). */
export function helmetOptions(env: Env): HelmetOptions {
  // The visa widget, when configured, is the one third party the pages may load from.
  const widget = env.VISA_WIDGET_URL ? [new URL(env.VISA_WIDGET_URL).origin] : [];
  // The card provider's SDK calls its client API from the page, and its card logos are shown.
  const provider = paymentProviderOrigins(env);
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...widget],
        styleSrc: ["'self'", "'unsafe-inline'", ...widget],
        imgSrc: ["'self'", 'data:', ...widget, ...provider],
        connectSrc: ["'self'", ...widget, ...provider],
        frameSrc: ["'self'", ...widget],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent everywhere: browsers honour it only over HTTPS, so plain-HTTP development is unaffected.
    strictTransportSecurity: { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  };
}

/** The headers helmet sets with these options (its policy has no per-request part), by name. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  // Helmet 8 throws on bad options itself; its `next` is called once the headers are set.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

const failureBody = (statusCode: number) =>
  JSON.stringify(failure(statusCode >= 500 ? 'serverError' : 'invalidRequest'));

/**
 * Node answers a request it cannot parse (431 for an over-long URL or headers, 400 for a broken
 * one) before Fastify and its hooks see it: this writes that answer with the security headers
 * and the failure envelope.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return function onClientError(
    this: FastifyInstance,
    err: Error & { code?: string },
    socket: Duplex,
  ): void {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const statusCode =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : 400;
    this.log.debug({ err: { code: err.code, message: err.message } }, 'client error');
    if (socket.writable) {
      const body = failureBody(statusCode);
      socket.write(
        `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n${headerLines}` +
          `content-type: application/json; charset=utf-8\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(err);
  };
}

/**
 * Fastify's router answers a bad URL (400) or an over-long path parameter (414) without running
 * the hooks that add the security headers: this answers them with those headers and the
 * failure envelope.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const statusCode = error.statusCode ?? 400;
    request.log.info({ err: { code: error.code, message: error.message } }, 'bad request');
    void reply
      .headers(headers)
      .status(statusCode)
      .type('application/json; charset=utf-8')
      .send(failureBody(statusCode));
  };
}
