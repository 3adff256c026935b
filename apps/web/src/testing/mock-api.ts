import { API_PREFIX } from '@portal/contract';
import { vi } from 'vitest';

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

/** Stubs fetch: each call path answers with its handler; unknown paths answer 404. */
export function mockApi(handlers: Record<string, Handler> = {}) {
  const all = { ...defaults, ...handlers };
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url;
    const handler = all[path];
    if (!handler) return new Response('Not Found', { status: 404 });
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    return handler(body, init);
  });
}
