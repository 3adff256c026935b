import { errorCatalogue } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { envelope, failure, mockApi, type Handler } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';

vi.mock('@/shared/crypto/encrypt-password', () => ({
  encryptPassword: (plain: string) => Promise.resolve(`encrypted:${plain}`),
}));

const EMAIL = 'demo@lounge.example';
const PASSWORD = 'Demo-Pass-2026';

const loginResult = (isFirstLogin = false) => ({
  token: 'token-1',
  tokenExpirySeconds: 21_600,
  isFirstLogin,
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

const code = (name: keyof typeof errorCatalogue) => errorCatalogue[name].code;

const dialCodes = [
  { name: 'France', telabbr: '33', ios2: 'FR' },
  { name: 'United Kingdom', telabbr: '44', ios2: 'GB' },
];

function openLogin(url = '/login', handlers: Record<string, Handler> = {}) {
  const fetch = mockApi({
    '/area/country-list-telCode': () => envelope(dialCodes),
    ...handlers,
  });
  const view = renderApp(url);
  return { ...view, fetch };
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Log in' });
const emailInput = () => screen.getByLabelText<HTMLInputElement>('Email address');
const passwordInput = () => screen.getByLabelText<HTMLInputElement>('Password');
const submit = () => screen.getByRole('button', { name: 'Log in' });
const location = (router: ReturnType<typeof renderApp>['router']) =>
  router.state.location.pathname + router.state.location.search;

/** Switches to the code form, which loads on demand. */
async function chooseCode(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Log in with a one-time code' }));
  return screen.findByRole('group', { name: 'Send the code by' });
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(emailInput(), EMAIL);
  await user.type(passwordInput(), PASSWORD);
  await user.click(submit());
}

describe('login page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has its labelled fields and links', async () => {
    openLogin();
    await heading();
    expect(emailInput().getAttribute('type')).toBe('email');
    expect(passwordInput().getAttribute('type')).toBe('password');
    expect(screen.queryByLabelText('Membership number')).toBeNull();
    expect(screen.getByRole('link', { name: 'Forgotten password?' }).getAttribute('href')).toBe(
      '/forgot-psw',
    );
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/sign-up');
    await waitFor(() => expect(document.title).toBe('Log In | Airport Lounges & Fast Track'));
  });

  it('checks the fields before calling the server', async () => {
    const genToken = vi.fn(() => envelope(loginResult()));
    const { user } = openLogin('/login', { '/login/gen-token': genToken });
    await heading();
    await user.click(submit());
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(document.activeElement).toBe(emailInput());
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');

    await user.type(emailInput(), 'not-an-email');
    const message = screen.getByText('Please enter a valid email address.');
    expect(emailInput().getAttribute('aria-describedby')).toBe(message.id);
    await user.clear(emailInput());
    await user.type(emailInput(), EMAIL);
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull();
    expect(emailInput().getAttribute('aria-invalid')).toBeNull();
    await user.click(submit());
    expect(document.activeElement).toBe(passwordInput());
    expect(genToken).not.toHaveBeenCalled();
  });

  it('shows and hides the password with one toggle, whose name stays the same', async () => {
    const { user } = openLogin();
    await heading();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(passwordInput().getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Show password' })).toBe(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle);
    expect(passwordInput().getAttribute('type')).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the catalogue message for a wrong password', async () => {
    const genToken = vi.fn<Handler>(() => failure(code('loginIncorrect')));
    const { user, router } = openLogin('/login', { '/login/gen-token': genToken });
    await heading();
    await fillAndSubmit(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Your email address or password is incorrect. Please try again.',
    );
    expect(genToken).toHaveBeenCalledWith(
      { email: EMAIL, password: `encrypted:${PASSWORD}` },
      expect.anything(),
    );
    expect(location(router)).toBe('/login');
    expect(storage.get('isLogin')).toBeUndefined();
  });

  it('locks login with a live countdown, then lets the member try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const genToken = vi.fn<Handler>(() => failure(code('loginLocked'), 'locked', { time: 300 }));
    const { router } = openLogin('/login', { '/login/gen-token': genToken });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await heading();
    await fillAndSubmit(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many attempts. Please try again in 5:00');
    expect(submit().getAttribute('aria-disabled')).toBe('true');

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(alert.textContent).toBe('Too many attempts. Please try again in 4:59');
    await user.click(submit());
    expect(genToken).toHaveBeenCalledTimes(1);

    act(() => {
      vi.advanceTimersByTime(299_000);
    });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(submit().getAttribute('aria-disabled')).toBeNull();
    await user.click(submit());
    expect(genToken).toHaveBeenCalledTimes(2);
    expect(location(router)).toBe('/login');
  });

  it('tells a suspended member to contact support', async () => {
    const { user } = openLogin('/login', {
      '/login/gen-token': () => failure(code('membershipSuspended')),
    });
    await heading();
    await fillAndSubmit(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Membership Suspended');
    expect(within(alert).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(
      '/contact-us',
    );
  });

  it('logs in and goes back to the page the visitor asked for, replacing the login page', async () => {
    const { user, router } = openLogin('/login?redirect=%2Faccount%2Fbookings%3Ftab%3Dpast', {
      '/login/gen-token': () => envelope(loginResult()),
    });
    await heading();
    await fillAndSubmit(user);
    await waitFor(() => expect(location(router)).toBe('/account/bookings?tab=past'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(storage.get('token')).toBe('token-1');
    expect(storage.get('userInfo')?.firstName).toBe('Ada');
    expect(storage.get('isFirstLogin')).toBe(false);
    expect(
      await screen.findByRole('button', { name: /AM Account menu for Ada Member/ }),
    ).toBeTruthy();
  });

  it.each([
    ['//evil.example/x'],
    ['https://evil.example/'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
  ])('never follows redirect=%s off the site', async (redirect) => {
    const { user, router } = openLogin(`/login?redirect=${encodeURIComponent(redirect)}`, {
      '/login/gen-token': () => envelope(loginResult()),
    });
    await heading();
    await fillAndSubmit(user);
    await waitFor(() => expect(location(router)).toBe('/'));
  });

  it('sends a member who opens it home', async () => {
    logIn();
    const { router } = openLogin('/login?redirect=%2Faccount');
    await waitFor(() => expect(location(router)).toBe('/'));
  });

  it('asks for the membership number when the server says it does not match', async () => {
    const genToken = vi
      .fn<Handler>()
      .mockImplementationOnce(() => failure(code('loginNumberMismatch')))
      .mockImplementation(() => envelope(loginResult()));
    // The number field shows from the start when sign-up asked to log in with the number.
    storage.set('loginWithNum', '1234 5678 9012 3456');
    const { user, router } = openLogin('/login', { '/login/gen-token': genToken });
    await heading();
    const number = screen.getByLabelText<HTMLInputElement>('Membership number');
    expect(number.value).toBe('1234 5678 9012 3456');
    await fillAndSubmit(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The Membership Number entered does not match the login details.',
    );
    expect(genToken).toHaveBeenLastCalledWith(
      expect.objectContaining({ dpid: '1234567890123456' }),
      expect.anything(),
    );

    await user.clear(number);
    await user.type(number, '12345');
    await user.click(submit());
    expect(screen.getByText('Please enter 16 digits.')).toBeTruthy();
    await user.type(number, '67812345678');
    expect(number.value).toBe('1234 5678 1234 5678');
    await user.click(submit());
    await waitFor(() => expect(location(router)).toBe('/'));
    expect(genToken).toHaveBeenLastCalledWith(
      expect.objectContaining({ dpid: '1234567812345678' }),
      expect.anything(),
    );
    expect(storage.get('loginWithNum')).toBeUndefined();
  });

  it('shows the membership number field after a mismatch even when not asked first', async () => {
    const { user } = openLogin('/login', {
      '/login/gen-token': () => failure(code('loginNumberMismatch')),
    });
    await heading();
    await fillAndSubmit(user);
    await screen.findByRole('alert');
    expect(screen.getByLabelText('Membership number')).toBeTruthy();
  });
});

describe('login with a one-time code', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });

  it('sends the code by email and logs in when it is entered', async () => {
    const send = vi.fn<Handler>(() =>
      envelope({ sent: true, sendType: 'email', to: 'd•••@lounge.example' }),
    );
    const check = vi.fn<Handler>(() => envelope(loginResult()));
    const { user, router } = openLogin('/login?redirect=%2Fsupport', {
      '/login/send-random-code': send,
      '/login/check-verifi-code': check,
    });
    await heading();
    const group = await chooseCode(user);
    expect(within(group).getByRole<HTMLInputElement>('radio', { name: 'Email' }).checked).toBe(
      true,
    );
    expect(document.activeElement).toBe(within(group).getByRole('radio', { name: 'Email' }));

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    await user.type(emailInput(), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const modal = await screen.findByRole('dialog', { name: 'Enter your 6-digit code' });
    expect(modal.textContent).toContain('by email to d•••@lounge.example');
    expect(send).toHaveBeenCalledWith({ sendType: 'email', email: EMAIL }, expect.anything());

    await user.type(within(modal).getByLabelText('6-digit code'), '123456');
    await waitFor(() => expect(location(router)).toBe('/support'));
    expect(check).toHaveBeenCalledWith(
      { sendType: 'email', email: EMAIL, verifiCode: '123456' },
      expect.anything(),
    );
    expect(storage.get('token')).toBe('token-1');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Enter your 6-digit code' })).toBeNull(),
    );
  });

  it('sends the code by text message to the mobile number with its dial code', async () => {
    const send = vi.fn<Handler>(() =>
      envelope({ sent: true, sendType: 'sms', to: '+44•••••••123' }),
    );
    const check = vi
      .fn<Handler>()
      .mockImplementationOnce(() => failure(code('codeNotRecognised')))
      .mockImplementation(() => envelope(loginResult()));
    const { user, router } = openLogin('/login', {
      '/login/send-random-code': send,
      '/login/check-verifi-code': check,
    });
    await heading();
    await chooseCode(user);
    await user.click(screen.getByRole('radio', { name: 'Text message (SMS)' }));
    const dial = screen.getByLabelText<HTMLSelectElement>('Dial code');
    await waitFor(() => expect(dial.options).toHaveLength(2));
    expect(dial.value).toBe('GB');
    expect(dial.selectedOptions[0]?.textContent).toBe('United Kingdom (+44)');

    const mobile = screen.getByLabelText<HTMLInputElement>('Mobile number');
    await user.type(mobile, '12345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Please enter a valid mobile number.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    await user.clear(mobile);
    await user.type(mobile, '07400 123456');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const modal = await screen.findByRole('dialog', { name: 'Enter your 6-digit code' });
    expect(send).toHaveBeenCalledWith(
      { sendType: 'sms', mobileNoPrefix: '44', mobileNo: '07400 123456' },
      expect.anything(),
    );

    await user.type(within(modal).getByLabelText('6-digit code'), '000000');
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'Code not recognised, please try again.',
    );
    await user.click(within(modal).getByRole('button', { name: 'Resend code' }));
    expect(send).toHaveBeenCalledTimes(2);
    await user.type(within(modal).getByLabelText('6-digit code'), '123456');
    await waitFor(() => expect(location(router)).toBe('/'));
    expect(check).toHaveBeenLastCalledWith(
      { sendType: 'sms', mobileNoPrefix: '44', mobileNo: '07400 123456', verifiCode: '123456' },
      expect.anything(),
    );
  });

  it('makes the member wait when codes are requested too often', async () => {
    const { user } = openLogin('/login', {
      '/login/send-random-code': () => failure(code('codeBusy'), 'busy', { time: 240 }),
    });
    await heading();
    await chooseCode(user);
    await user.type(emailInput(), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many 6-digit code requests');
    expect(screen.getByRole('timer').textContent).toBe('You can request a new code in 4:00');
    expect(screen.getByRole('button', { name: 'Send code' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it('says on the page when the membership is suspended', async () => {
    const { user } = openLogin('/login', {
      '/login/send-random-code': () =>
        envelope({ sent: true, sendType: 'email', to: 'd•••@lounge.example' }),
      '/login/check-verifi-code': () => failure(code('membershipSuspended')),
    });
    await heading();
    await chooseCode(user);
    await user.type(emailInput(), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const modal = await screen.findByRole('dialog', { name: 'Enter your 6-digit code' });
    await user.type(within(modal).getByLabelText('6-digit code'), '123456');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await screen.findByRole('alert')).textContent).toContain('Membership Suspended');
  });

  it('switches back to the password form', async () => {
    const { user } = openLogin();
    await heading();
    await chooseCode(user);
    await user.click(screen.getByRole('button', { name: 'Log in with your password' }));
    expect(document.activeElement).toBe(emailInput());
    expect(passwordInput()).toBeTruthy();
  });
});

describe('first login', () => {
  it('invites the member to add a card after the first login; Not now clears it', async () => {
    const { user, router } = openLogin('/login?redirect=%2Ffaqs', {
      '/login/gen-token': () => envelope(loginResult(true)),
    });
    await heading();
    await fillAndSubmit(user);
    const modal = await screen.findByRole('dialog', { name: 'Add a payment card' });
    expect(location(router)).toBe('/faqs');
    expect(within(modal).getByRole('link', { name: 'Add a card' }).getAttribute('href')).toBe(
      '/account/cards?add=1',
    );
    await user.click(within(modal).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(storage.get('isFirstLogin')).toBeUndefined();
  });

  it('takes the member to the cards page with Add a card', async () => {
    const { user, router } = openLogin('/login', {
      '/login/gen-token': () => envelope(loginResult(true)),
    });
    await heading();
    await fillAndSubmit(user);
    const modal = await screen.findByRole('dialog', { name: 'Add a payment card' });
    await user.click(within(modal).getByRole('link', { name: 'Add a card' }));
    await waitFor(() => expect(location(router)).toBe('/account/cards?add=1'));
    // The invitation gives way to the card form itself.
    const form = await screen.findByRole('dialog', { name: 'Add a new card' });
    expect(within(form).getByRole('textbox', { name: /Card number/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add a card' })).toBeNull();
    expect(storage.get('isFirstLogin')).toBeUndefined();
  });
});
