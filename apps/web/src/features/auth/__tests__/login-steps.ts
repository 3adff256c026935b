import { errorCatalogue } from '@portal/contract';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { envelope, mockApi, type Handler } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

/** What the login tests share: the member, the server's answers and the page's parts. */
export const EMAIL = 'demo@lounge.example';
export const PASSWORD = 'Demo-Pass-2026';

export const loginResult = (isFirstLogin = false) => ({
  token: 'token-1',
  tokenExpirySeconds: 21_600,
  isFirstLogin,
  issuer: 'natwest' as const,
  userInfo: {
    firstName: 'Ada',
    lastName: 'Member',
    initials: 'AM',
    email: EMAIL,
    mobileNo: '7700900123',
    mobileNoPrefix: '44',
    countryCode: 'GB',
    channel: 'default',
    lang: 'en-GB',
  },
});

export const code = (name: keyof typeof errorCatalogue) => errorCatalogue[name].code;

const dialCodes = [
  { name: 'France', telabbr: '33', ios2: 'FR' },
  { name: 'United Kingdom', telabbr: '44', ios2: 'GB' },
];

export function openLogin(url = '/login', handlers: Record<string, Handler> = {}) {
  const fetch = mockApi({
    '/area/country-list-telCode': () => envelope(dialCodes),
    ...handlers,
  });
  const view = renderApp(url);
  return { ...view, fetch };
}

export const heading = () => screen.findByRole('heading', { level: 1, name: 'Log in' });
export const emailInput = () => screen.getByLabelText<HTMLInputElement>('Email address');
export const passwordInput = () => screen.getByLabelText<HTMLInputElement>('Password');
export const submit = () => screen.getByRole('button', { name: 'Log in' });
export const location = (router: ReturnType<typeof renderApp>['router']) =>
  router.state.location.pathname + router.state.location.search;

/** Switches to the code form, which loads on demand. */
export async function chooseCode(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Log in with a one-time code' }));
  return screen.findByRole('group', { name: 'Send the code by' });
}

export async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(emailInput(), EMAIL);
  await user.type(passwordInput(), PASSWORD);
  await user.click(submit());
}
