import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
/** An on/off switch: `1` or `true` turns it on; unset, `0` or `false` leave it off. */
const flag = z
  .preprocess(emptyToUndefined, z.enum(['1', 'true', '0', 'false']).optional())
  .transform((value) => value === '1' || value === 'true');

/** Fastify's trustProxy setting from TRUST_PROXY. */
function parseTrustProxy(
  value: string | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** This machine only by default: a network-facing server is chosen explicitly (0.0.0.0). */
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
    DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    SMTP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    MAIL_FROM: z.string().default('Airport Lounges <no-reply@lounges.example>'),
    SMS_GATEWAY_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    OPS_API_KEY: optionalString,
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    /** The third-party visa widget's script; unset, /sherpa explains and links out. */
    VISA_WIDGET_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    /**
     * Which proxies may name the client in X-Forwarded-For (the per-client locks key on it):
     * unset trusts none; `true`, a hop count, or addresses/CIDRs/`loopback`, comma-separated.
     */
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()).transform(parseTrustProxy),
    /**
     * Multiplies the per-address budgets of the login, code and registration calls (IP_LIMITS):
     * raise it for a population behind one address, or for test runs from one machine.
     */
    IP_LIMIT_FACTOR: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(10_000).default(1),
    ),
    /** Where contact-form messages go (through the outbox). */
    SUPPORT_MAILBOX: z.email().default('support@lounges.example'),
    /** A paid booking cancelled at least this many hours ahead is refunded (spec: 48). */
    REFUND_NOTICE_HOURS: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 180)
      .default(48),
    /**
     * The card-payment provider's server API (apps/psp-sandbox locally): its base URL, API key
     * and merchant id. Unset URL: `npm start` starts the sandbox beside the portal.
     */
    PSP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    PSP_API_KEY: optionalString,
    /** Where browsers reach the provider's client API and logos, when not at PSP_URL (CSP). */
    PSP_CLIENT_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    PSP_MERCHANT_ID: z.string().default('sandbox'),
    /** The RSA private key (PEM) for password transport; unset, one is generated and kept in the DB. */
    LOGIN_RSA_PRIVATE_KEY: optionalString,
    /**
     * Outside production, opens the development outbox and keyless operator calls to every
     * caller, even when HOST is not loopback (a container, say). Refused in production.
     */
    DEV_TOOLS: flag,
    /** Lets production start without SMTP_URL: emails stay in the outbox, undelivered. */
    MAIL_CAPTURE: flag,
    /** Serves the OpenAPI document in production too. */
    API_DOCS: flag,
    /** Seeds the demo memberships and catalogue in production too. */
    DEMO_DATA: flag,
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    const refuse = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (env.OPS_API_KEY === undefined) {
      refuse('OPS_API_KEY', 'required in production (at least 16 characters)');
    } else if (env.OPS_API_KEY.length < 16) {
      refuse('OPS_API_KEY', 'must be at least 16 characters');
    }
    if (env.SMTP_URL === undefined && !env.MAIL_CAPTURE) {
      refuse('SMTP_URL', 'required in production (or MAIL_CAPTURE=1 to keep emails undelivered)');
    }
    if (env.DEV_TOOLS) {
      refuse('DEV_TOOLS', "not allowed in production: it opens every member's codes");
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Reads the environment once; refuses to boot with a list of everything that is wrong. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export { repoRoot };
