import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { envelope, failure, type Handler } from '@/testing/mock-api';
import { logIn } from '@/testing/render-app';
import {
  code,
  EMAIL,
  emailInput,
  fillAndSubmit,
  heading,
  location,
  loginResult,
  openLogin,
  PASSWORD,
  passwordInput,
  submit,
} from './login-steps';
import { fakeEncrypted } from '@/testing/fake-encryption';
import { dialogsClosed } from '@/testing/dialogs';

vi.mock('@/shared/crypto/encrypt-password', () => import('@/testing/fake-encryption'));

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
      { email: EMAIL, password: fakeEncrypted(PASSWORD) },
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
    await dialogsClosed();
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
