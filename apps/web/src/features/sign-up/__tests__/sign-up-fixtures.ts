import { errorCatalogue, type ErrorName } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { envelope, mockApi, type Handler } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

export const UUID = '0b7e4c1e-3f43-4a8e-9d55-6f1b2b0c9a11';
export const NUMBER = '4929123412341234';
export const DETAILS = {
  firstName: 'Ada',
  lastName: 'Member',
  email: 'ada@lounge.example',
  mobileNoPrefix: '44',
  mobileNo: '7400123456',
  mobileAreaCode: 'GB',
  sendType: 'sms' as 'sms' | 'email',
};

export const code = (name: ErrorName) => errorCatalogue[name].code;

export const registered = {
  token: 'token-new',
  tokenExpirySeconds: 21_600,
  isFirstLogin: true,
  issuer: 'natwest' as const,
  userInfo: {
    firstName: 'Ada',
    lastName: 'Member',
    initials: 'AM',
    email: DETAILS.email,
    mobileNo: DETAILS.mobileNo,
    mobileNoPrefix: DETAILS.mobileNoPrefix,
    countryCode: DETAILS.mobileAreaCode,
    channel: 'natwest',
    lang: 'en-GB',
  },
  membership: {
    dpid: NUMBER,
    cardHolder: 'ADA MEMBER',
    expiry: '12/28',
    cardBg: '/assets-api/art/card/natwest.svg',
    issuer: 'natwest',
  },
};

const dialCodes = [
  { name: 'France', telabbr: '33', ios2: 'FR' },
  { name: 'United Kingdom', telabbr: '44', ios2: 'GB' },
];

/** The registration calls answering success; a test swaps the one it is about. */
export function registrationApi(handlers: Record<string, Handler> = {}) {
  return {
    verifyCard: vi.fn<Handler>(() => envelope({ uuid: UUID })),
    checkUserInfo: vi.fn<Handler>(() => envelope({ firstName: 'Ada', lastName: 'Member' })),
    sendCode: vi.fn<Handler>((body) => {
      const { sendType } = body as { sendType: 'sms' | 'email' };
      return envelope({
        sent: true,
        sendType,
        to: sendType === 'sms' ? '+44•••••••456' : 'a•••@lounge.example',
      });
    }),
    checkCode: vi.fn<Handler>(() => envelope({ verified: true })),
    create: vi.fn<Handler>(() => envelope(registered)),
    extra: handlers,
  };
}

export type RegistrationApi = ReturnType<typeof registrationApi>;

/** Resumes a registration at a step, as a reload would (the session and the draft stored). */
export function resumeAt(step: 1 | 2, details: Partial<typeof DETAILS> = DETAILS): void {
  storage.set('ASuuid', UUID);
  storage.set('mbNum', NUMBER);
  storage.set('signUpDraft', {
    step,
    dpid: '4929 1234 1234 1234',
    details: { ...DETAILS, ...details },
  });
}

/** /sign-up with the calls mocked; the user's timers follow fake timers when a test uses them. */
export function openSignUp(api: RegistrationApi = registrationApi(), from?: string) {
  mockApi({
    '/area/country-list-telCode': () => envelope(dialCodes),
    '/reg-activation/verify-card': api.verifyCard,
    '/reg-activation/check-user-info': api.checkUserInfo,
    '/reg-activation/send-random-code': api.sendCode,
    '/reg-activation/check-verifi-code': api.checkCode,
    '/reg-activation/create-and-active': api.create,
    ...api.extra,
  });
  const view = renderApp(from ?? '/sign-up');
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  return { ...view, user, api };
}

export const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
export const button = (name: string) => screen.getByRole('button', { name });
export const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
export const progressText = () =>
  within(screen.getByRole('navigation', { name: 'Registration progress' })).getByText(
    /^Registration Step \d of 3$/,
  ).textContent;
export const path = (router: ReturnType<typeof renderApp>['router']) =>
  router.state.location.pathname;
