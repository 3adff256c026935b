import { createHash } from 'node:crypto';
import path from 'node:path';
import { normaliseIssuer, type Issuer } from '@portal/contract';
import { z } from 'zod';
import { defaultDataDir, repoRoot } from './paths';
import { ed25519PemFromSeed, ed25519PrivateKey } from '../platform/digital-card/signing-key';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
/** An on/off switch: `1` or `true` turns it on; unset, `0` or `false` leave it off. */
const flag = z
  .preprocess(emptyToUndefined, z.enum(['1', 'true', '0', 'false']).optional())
  .transform((value) => value === '1' || value === 'true');

/**
 * ISSUER_URLS, `natwest=https://natwest.lounges.example,barclays=…`: each issuer's own public
 * address, as an origin. An issuer named twice, an unknown issuer or a value that is not an
 * http(s) URL is refused at start.
 */
function parseIssuerUrls(
  value: string | undefined,
  ctx: z.RefinementCtx,
): Partial<Record<Issuer, string>> {
  const urls: Partial<Record<Issuer, string>> = {};
  for (const entry of (value ?? '').split(',').filter((e) => e.trim())) {
    const [name = '', ...rest] = entry.split('=');
    const issuer = normaliseIssuer(name);
    let origin: string | undefined;
    try {
      const url = new URL(rest.join('=').trim());
      if (url.protocol === 'https:' || url.protocol === 'http:') origin = url.origin;
    } catch {
      origin = undefined;
    }
    if (!issuer || !origin || urls[issuer]) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry.trim()}" is not issuer=http(s) URL, once`,
      });
    } else urls[issuer] = origin;
  }
  return urls;
}

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

/*
 * The digital card's keys outside production: fixed, derived from a seed written here, rather
 * than generated per process. A card token the device cached stays valid across restarts of a
 * development server, every instance and test app agrees without sharing anything, and tests
 * need no setup. Being in the source, they are public: production refuses them.
 */
const DEV_DIGITAL_CARD_SIGNING_KEY = ed25519PemFromSeed(
  createHash('sha256').update('lounge-portal development digital-card signing key').digest(),
);
const DEV_DIGITAL_CARD_SECRET = 'lounge-portal development digital-card secret (public)';

/** The HMAC key the per-card TOTP secrets come from: 256 bits at least. */
const DIGITAL_CARD_SECRET_MIN_BYTES = 32;

/** Why a signing key's text is refused, or undefined when it is an Ed25519 private key. */
function signingKeyProblem(text: string): string | undefined {
  try {
    ed25519PrivateKey(text);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : 'not a key';
  }
}

const digitalCardSigningKey = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .superRefine((text, ctx) => {
      const problem = signingKeyProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: `must be an Ed25519 key: ${problem}` });
    })
    .optional(),
);

const digitalCardSecret = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .refine((text) => Buffer.byteLength(text, 'utf8') >= DIGITAL_CARD_SECRET_MIN_BYTES, {
      message: `must be at least ${DIGITAL_CARD_SECRET_MIN_BYTES} bytes`,
    })
    .optional(),
);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** This machine only by default: a network-facing server is chosen explicitly (0.0.0.0). */
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /**
     * Logs the answers of cached reads too (the airport and product lists, the slot grids members
     * share), one line each, and turns off their fast path (fast-reads.ts). Unset, only their
     * failures are logged: they are most of the traffic and all alike.
     */
    LOG_CACHED_READS: flag,
    DATA_DIR: z.string().default(defaultDataDir),
    DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    SMTP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    MAIL_FROM: z.string().default('Airport Lounges <no-reply@lounges.example>'),
    SMS_GATEWAY_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    OPS_API_KEY: optionalString,
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    /**
     * Each issuer's own public address (`natwest=https://…,barclays=https://…`), where its
     * members come back after 3-D Secure when they paid there; issuers not named use PUBLIC_URL.
     */
    ISSUER_URLS: z.preprocess(emptyToUndefined, z.string().optional()).transform(parseIssuerUrls),
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
    /** Minutes a chosen slot's places are held while the member reviews and pays (default 10). */
    SLOT_HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(10),
    /** Guests a member may bring on one lounge pre-booking, where the lounge sets none (4). */
    LOUNGE_GUEST_CAP: z.coerce.number().int().min(0).max(20).default(4),
    /** Slot length and places per slot for a bookable product whose catalogue row has none. */
    SLOT_MINUTES: z.coerce.number().int().min(5).max(240).default(30),
    SLOT_CAPACITY: z.coerce.number().int().min(1).max(10_000).default(20),
    /** A fast-track lane's time window where its catalogue row sets none (60 minutes). */
    FAST_TRACK_WINDOW_MINUTES: z.coerce.number().int().min(5).max(240).default(60),
    /** Passengers on one fast-track booking, the member included, where the lane sets none (9). */
    FAST_TRACK_PASSENGER_CAP: z.coerce.number().int().min(1).max(20).default(9),
    /** The hold-lapse sweeper's interval; 0 (tests) runs no timer. */
    SLOT_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    /**
     * The reconciler settles an order whose charge was asked for this long ago and is still not
     * final (the page had its chance; a lost answer, a crash or a closed tab left it).
     */
    CHARGE_SETTLE_AFTER_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
    /**
     * An order the provider holds no payment for this long after its charge was asked (3-D
     * Secure abandoned, a request that never arrived) is failed: nothing was charged.
     */
    CHARGE_GIVE_UP_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(30),
    /**
     * The card-payment provider's server API (apps/psp-sandbox locally): its base URL, API key
     * and merchant id. Unset URL: `npm start` starts the sandbox beside the portal.
     */
    PSP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    PSP_API_KEY: optionalString,
    /** Where browsers reach the provider's client API and logos, when not at PSP_URL (CSP). */
    PSP_CLIENT_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    PSP_MERCHANT_ID: z.string().default('sandbox'),
    /**
     * The secret the provider signs its payment webhooks with (POST /psp-webhooks/payment).
     * Unset: the route is not served, and the reconciler alone settles what a page left.
     */
    PSP_WEBHOOK_SECRET: optionalString,
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
    /**
     * The digital membership card: the Ed25519 private key (PKCS#8 PEM or JWK) its tokens are
     * signed with, and the secret (at least 32 bytes) each card's TOTP secret is derived from.
     * Outside production both default to public development values.
     */
    DIGITAL_CARD_SIGNING_KEY: digitalCardSigningKey,
    DIGITAL_CARD_SECRET: digitalCardSecret,
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
    refuseDigitalCardDefaults(env, refuse);
  })
  .transform((env) =>
    env.NODE_ENV === 'production'
      ? env
      : {
          ...env,
          DIGITAL_CARD_SIGNING_KEY: env.DIGITAL_CARD_SIGNING_KEY ?? DEV_DIGITAL_CARD_SIGNING_KEY,
          DIGITAL_CARD_SECRET: env.DIGITAL_CARD_SECRET ?? DEV_DIGITAL_CARD_SECRET,
        },
  );

/**
 * Production: the digital card's key and secret come together or not at all (unset, the card
 * is off), and never as the development values, which are in the source.
 */
function refuseDigitalCardDefaults(
  env: { DIGITAL_CARD_SIGNING_KEY?: string | undefined; DIGITAL_CARD_SECRET?: string | undefined },
  refuse: (path: string, message: string) => void,
): void {
  const key = env.DIGITAL_CARD_SIGNING_KEY;
  const secret = env.DIGITAL_CARD_SECRET;
  if ((key === undefined) !== (secret === undefined)) {
    const missing = key === undefined ? 'DIGITAL_CARD_SIGNING_KEY' : 'DIGITAL_CARD_SECRET';
    refuse(missing, 'required in production with the other DIGITAL_CARD_ setting');
  }
  if (key !== undefined && sameKey(key, DEV_DIGITAL_CARD_SIGNING_KEY)) {
    refuse('DIGITAL_CARD_SIGNING_KEY', 'the development key is public: not allowed in production');
  }
  if (secret === DEV_DIGITAL_CARD_SECRET) {
    refuse('DIGITAL_CARD_SECRET', 'the development secret is public: not allowed in production');
  }
}

/** Whether two key texts hold the same private key, whatever their format. */
function sameKey(a: string, b: string): boolean {
  try {
    return ed25519PrivateKey(a).equals(ed25519PrivateKey(b));
  } catch {
    return false;
  }
}

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
