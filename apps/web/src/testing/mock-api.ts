import { API_PREFIX, calls, errorCatalogue, errorsOf, type CallDef } from '@portal/contract';
import { vi } from 'vitest';
import { z } from 'zod';

export type Handler = (body: unknown, init: RequestInit) => Response | Promise<Response>;

export const envelope = (result: unknown, state: '1' | '11' = '1') =>
  Response.json({ state, errorCode: null, result });

export const failure = (errorCode: string, errorMsg = 'failed', result?: unknown) =>
  Response.json({ state: '0', errorCode, errorMsg, ...(result === undefined ? {} : { result }) });

/** The account layout may ask for the member's details; tests that do not look at them. */
export const accountHandlers: Record<string, Handler> = {
  '/account/my-details': () =>
    envelope({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      emailIsCheck: true,
      mobileNoPrefix: '44',
      mobileNo: '7700900123',
      mobileAreaCode: 'GB',
      membershipNumbers: ['1234567812345678'],
    }),
};

/** A membership as the membership calls answer it; tests override what they look at. */
export const demoMembership = {
  dpid: '1234567812345678',
  issuer: 'natwest',
  cardName: 'Black Account',
  holderName: 'Jane Doe',
  issuedOn: '2025-06-01',
  expiresOn: '2028-03-31',
  status: 'active',
  inUse: true,
  entitlements: {
    passesPerYear: 4,
    passesBought: 5,
    passesUsed: 1,
    passesLeft: 8,
    guestsPerVisit: 1,
  },
  sharedWith: [],
  cardBg: '/card-art/natwest.svg',
} as const;

/** The membership pages' calls for a verified member holding `demoMembership`. */
export const membershipHandlers: Record<string, Handler> = {
  '/user/email-validate-status': () => envelope({ emailIsCheck: true }),
  '/membership/status': () => envelope({ emailVerified: true, membership: demoMembership }),
  '/membership/list': () => envelope([demoMembership]),
};

/** A channel's home configuration with nothing optional switched on; tests add what they need. */
export const quietAgentConfig = {
  channel: 'default',
  bankName: 'your bank',
  appStore: { apple: 'https://apps.example/apple', google: 'https://apps.example/google' },
  banner: { title: 'Airport lounges', text: '', image: '' },
  notices: [],
  carousel: [],
  maintenance: null,
  customerNotice: null,
  visaWidgetUrl: null,
  visaServiceUrl: 'https://visa.example/check',
};

const defaults: Record<string, Handler> = {
  '/tc/link': () => envelope([]),
  '/index/agent-config/v3': () => envelope(quietAgentConfig),
  '/index/popular-places': () => envelope([]),
  '/airport/list-v2': () => envelope([]),
  '/faq/list': () => envelope({ categories: [], items: [] }),
  '/account/contact-us/email-us/subject': () => envelope([]),
};

const callsByPath = new Map<string, CallDef>(Object.values(calls).map((call) => [call.path, call]));

const offContractAnswers = new WeakSet<Response>();

/**
 * Marks an answer the contract does not allow, sent on purpose: a test of how the page copes
 * with a server that answers what it should not (an undeclared code, a malformed result).
 */
export function offContract(response: Response): Response {
  offContractAnswers.add(response);
  return response;
}

/** What the mocks and the pages did that the contract does not allow (see `contractViolations`). */
const violations: string[] = [];

/** Takes the contract violations seen since the last call; the test setup fails a test on any. */
export const contractViolations = (): string[] => violations.splice(0);

/**
 * Holds a mocked exchange to the contract: the page's payload must pass the call's payload
 * schema, a result the call's result schema, and an error must be one the call declares. A
 * mock that answers what the server never could would let a test pass that the server fails.
 */
async function checkExchange(path: string, sent: unknown, response: Response): Promise<void> {
  const call = callsByPath.get(path);
  if (!call) {
    violations.push(`${path}: mocked, but no call of the contract has this path`);
    return;
  }
  const payload = call.payload.safeParse(sent);
  if (!payload.success) {
    violations.push(
      `${path}: the page sent a payload the contract refuses:\n${z.prettifyError(payload.error)}`,
    );
  }
  if (offContractAnswers.has(response)) return;
  const answer = (await response
    .clone()
    .json()
    .catch(() => undefined)) as
    { state?: string; errorCode?: string | null; result?: unknown } | undefined;
  if (answer?.state === '1' || answer?.state === '11') {
    const result = call.result.safeParse(answer.result);
    if (!result.success) {
      violations.push(
        `${path}: the mock answers a result the contract refuses:\n${z.prettifyError(result.error)}`,
      );
    }
  } else if (answer?.state === '0') {
    // As the API client names it: an error the call declares, by its code.
    if (!errorsOf(call).some((name) => errorCatalogue[name].code === answer.errorCode)) {
      violations.push(
        `${path}: the mock answers error ${answer.errorCode}, which the call does not declare`,
      );
    }
  }
}

/**
 * Stubs fetch: each call path answers with its handler; unknown paths answer 404. Every
 * exchange under /client-api is held to the contract (`checkExchange`), but in the tests of
 * the API client itself, which drive it with made-up calls (`contract: 'not held'`).
 */
const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** The addresses a mocked fetch was asked for, in order. */
export const calledUrls = (api: ReturnType<typeof mockApi>): string[] =>
  api.mock.calls.map(([input]) => urlOf(input));

export function mockApi(
  handlers: Record<string, Handler> = {},
  options: { contract: 'held' | 'not held' } = { contract: 'held' },
) {
  const all = { ...defaults, ...handlers };
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = urlOf(input);
    const isCall = url.startsWith(API_PREFIX);
    const path = isCall ? url.slice(API_PREFIX.length) : url;
    const handler = all[path];
    if (!handler) return new Response('Not Found', { status: 404 });
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const response = await handler(body, init);
    if (isCall && options.contract === 'held') await checkExchange(path, body, response);
    return response;
  });
}
