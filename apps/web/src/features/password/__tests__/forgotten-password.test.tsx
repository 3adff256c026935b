import { SENT_EMAIL_NOTICE_MS } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, mockApi, type Handler } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const uuid = '7d1f5f7e-1c2b-4c47-9a51-4b0c8e7f2a10';
const countries = [
  { name: 'France', telabbr: '33', ios2: 'FR' },
  { name: 'United Kingdom', telabbr: '44', ios2: 'GB' },
];

function mockForgotten(handlers: Record<string, Handler> = {}) {
  const send = vi.fn<Handler>(() =>
    envelope({ sent: true, sendType: 'email', to: 'j•••@example.com' }),
  );
  const verify = vi.fn<Handler>(() => envelope({ uuid, sendType: 'email' }));
  mockApi({
    '/area/country-list-telCode': () => envelope(countries),
    '/user/send-forget-pwd-new/v2': send,
    '/user/verify-captcha-by-forget-pwd': verify,
    '/user/pwd/reset/check/token': () => envelope({ valid: true }),
    ...handlers,
  });
  return { send, verify };
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('forgotten password: choosing the way', () => {
  it.each([
    ['Email', '/forgot-psw/send-code/email'],
    ['Text message (SMS)', '/forgot-psw/send-code/sms'],
  ])('continues with %s to %s', async (way, path) => {
    mockForgotten();
    const { user, router } = renderApp('/forgot-psw/choose-Way');
    await heading('Forgotten Password');
    const group = screen.getByRole('group', { name: 'How should we send your code?' });
    await user.click(within(group).getByRole('radio', { name: way }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });

  it('links back to log in', async () => {
    mockForgotten();
    renderApp('/forgot-psw/choose-Way');
    await heading('Forgotten Password');
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('sends an unknown way back to the choice', async () => {
    mockForgotten();
    const { router } = renderApp('/forgot-psw/send-code/pigeon');
    await screen.findByRole('radio', { name: 'Email' });
    expect(router.state.location.pathname).toBe('/forgot-psw/choose-Way');
  });
});

describe('forgotten password: sending the code', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks the email address before sending', async () => {
    const { send } = mockForgotten();
    const { user } = renderApp('/forgot-psw/send-code/email');
    await heading('Forgotten Password');
    const email = screen.getByLabelText('Email address');

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(
      screen.getByText('This field is required.').id,
    );
    expect(document.activeElement).toBe(email);

    await user.type(email, 'jane@');
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(send).not.toHaveBeenCalled();

    await user.type(email, 'example.com');
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('asks for the code at once and says on the page where it went for 5 s; a right code leads to the new password', async () => {
    const { send, verify } = mockForgotten();
    const { user, router } = renderApp('/forgot-psw/send-code/email');
    await heading('Forgotten Password');
    await user.type(screen.getByLabelText('Email address'), ' jane@example.com ');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter your 6-digit code' });
    const notice = screen.getByText('We have sent a code to j•••@example.com.');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(send).toHaveBeenCalledWith(
      { sendType: 'email', email: 'jane@example.com' },
      expect.anything(),
    );

    // The clock also runs on by itself here, so leave a margin either side of the 5 s.
    act(() => {
      vi.advanceTimersByTime(SENT_EMAIL_NOTICE_MS - 2000);
    });
    expect(screen.queryByText(/We have sent a code to/)).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(2500);
    });
    expect(screen.queryByText(/We have sent a code to/)).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Enter your 6-digit code' })).toBe(dialog);
    vi.useRealTimers();

    await user.type(within(dialog).getByLabelText('6-digit code'), '123456');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/create-psw/email/${uuid}`));
    expect(verify).toHaveBeenCalledWith(
      { sendType: 'email', email: 'jane@example.com', verifiCode: '123456' },
      expect.anything(),
    );
    expect(await heading('Create a New Password')).toBeTruthy();
  });

  it('shows a wrong code in the code dialog', async () => {
    mockForgotten({
      '/user/send-forget-pwd-new/v2': () =>
        envelope({ sent: true, sendType: 'sms', to: '+44 ••••••456' }),
      '/user/verify-captcha-by-forget-pwd': () => failure('30014'),
    });
    const { user, router } = renderApp('/forgot-psw/send-code/sms');
    await heading('Forgotten Password');
    await user.type(screen.getByLabelText('Mobile number'), '07400 123456');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    // By text message the code is asked for straight away.
    const dialog = await screen.findByRole('dialog', { name: 'Enter your 6-digit code' });
    await user.type(within(dialog).getByLabelText('6-digit code'), '000000');
    expect(
      (await within(dialog).findByRole('alert')).textContent?.includes(
        'Code not recognised, please try again.',
      ),
    ).toBe(true);
    expect(router.state.location.pathname).toBe('/forgot-psw/send-code/sms');
  });

  it('sends to a mobile number with the chosen dial code (+44 by default)', async () => {
    const send = vi.fn<Handler>(() =>
      envelope({ sent: true, sendType: 'sms', to: '+44 ••••••456' }),
    );
    mockForgotten({ '/user/send-forget-pwd-new/v2': send });
    const { user } = renderApp('/forgot-psw/send-code/sms');
    await heading('Forgotten Password');
    const dialCode = screen.getByLabelText<HTMLSelectElement>('Dial code');
    await screen.findByRole('option', { name: 'France (+33)' });
    expect(dialCode.value).toBe('GB');
    expect(dialCode.selectedOptions[0]?.textContent).toBe('United Kingdom (+44)');

    const mobile = screen.getByLabelText('Mobile number');
    await user.type(mobile, '12345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter a valid mobile number.')).toBeTruthy();
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();

    await user.clear(mobile);
    await user.type(mobile, '07400 123456');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('dialog', { name: 'Enter your 6-digit code' });
    expect(send).toHaveBeenCalledWith(
      { sendType: 'sms', mobileNoPrefix: '44', mobileNo: '07400 123456' },
      expect.anything(),
    );
  });

  it('tells the member to wait when codes are asked for too often', async () => {
    const busy = vi.fn<Handler>(() => failure('30031', 'busy', { time: 240 }));
    mockForgotten({ '/user/send-forget-pwd-new/v2': busy });
    const { user } = renderApp('/forgot-psw/send-code/email');
    await heading('Forgotten Password');
    await user.type(screen.getByLabelText('Email address'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many 6-digit code requests');
    expect(alert.textContent).toContain('Please wait five minutes before requesting again.');
    expect(screen.getByRole('timer').textContent).toMatch(
      /^You can request a new code in [34]:\d\d$/,
    );
    const button = screen.getByRole('button', { name: 'Send code' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    expect(busy).toHaveBeenCalledTimes(1);
  });
});
