import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { envelope, failure, type Handler } from '@/testing/mock-api';
import {
  chooseCode,
  code,
  EMAIL,
  emailInput,
  heading,
  location,
  loginResult,
  openLogin,
  passwordInput,
} from './login-steps';
import { dialogsClosed } from '@/testing/dialogs';

vi.mock('@/shared/crypto/encrypt-password', () => import('@/testing/fake-encryption'));

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
    // The form moves focus once it has loaded: wait for it rather than racing it.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(group).getByRole('radio', { name: 'Email' })),
    );

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
    await dialogsClosed();
    expect((await screen.findByRole('alert')).textContent).toContain('Membership Suspended');
  });

  it('switches back to the password form', async () => {
    const { user } = openLogin();
    await heading();
    await chooseCode(user);
    await user.click(screen.getByRole('button', { name: 'Log in with your password' }));
    await waitFor(() => expect(document.activeElement).toBe(emailInput()));
    expect(passwordInput()).toBeTruthy();
  });
});
