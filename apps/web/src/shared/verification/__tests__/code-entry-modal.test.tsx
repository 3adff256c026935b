import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/testing/render-ui';
import { ApiError } from '@/shared/api/api-errors';
import { storage } from '@/shared/storage/storage';
import { CodeEntryModal, type CodeEntryModalProps } from '../code-entry-modal';

const apiError = (
  name: 'codeNotRecognised' | 'codeExpired' | 'codeLocked' | 'codeBusy',
  time?: number,
) => new ApiError({ name, code: '0', message: messages[name], time });

const messages = {
  codeNotRecognised: 'Code not recognised, please try again.',
  codeExpired: 'The verification code has expired. Please request a new code.',
  codeLocked: 'Too many incorrect codes. Please wait five minutes and try again.',
  codeBusy: 'Too many 6-digit code requests. Please wait five minutes before requesting again.',
};

function renderModal(props: Partial<CodeEntryModalProps> = {}) {
  const all: CodeEntryModalProps = {
    open: true,
    sendType: 'sms',
    sentTo: '+44•••••••123',
    onSubmit: vi.fn(() => Promise.resolve()),
    onResend: vi.fn(() => Promise.resolve()),
    onClose: vi.fn(),
    ...props,
  };
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  const view = renderUi(<CodeEntryModal {...all} />);
  return { ...view, user, props: all };
}

const dialog = () => screen.findByRole('dialog', { name: 'Enter your 6-digit code' });
const codeInput = () => screen.getByLabelText<HTMLInputElement>('6-digit code');

describe('CodeEntryModal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says where the code went and submits itself at the sixth digit', async () => {
    const { user, props } = renderModal();
    const modal = await dialog();
    expect(modal.textContent).toContain(
      'We have sent a 6-digit code by text message to +44•••••••123.',
    );
    const input = codeInput();
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(document.activeElement).toBe(input);

    await user.type(input, '12a34');
    expect(input.value).toBe('1234');
    expect(props.onSubmit).not.toHaveBeenCalled();
    await user.type(input, '567');
    expect(input.value).toBe('123456');
    expect(props.onSubmit).toHaveBeenCalledTimes(1);
    expect(props.onSubmit).toHaveBeenCalledWith('123456');
  });

  it('takes a pasted code with spaces', async () => {
    const { user, props } = renderModal();
    await dialog();
    codeInput().focus();
    await user.paste('654 321');
    expect(props.onSubmit).toHaveBeenCalledWith('654321');
  });

  it('asks for 6 digits when Verify is pressed early', async () => {
    const { user, props } = renderModal();
    await dialog();
    await user.type(codeInput(), '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter the 6-digit code.');
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('shows a wrong code inline and clears the field', async () => {
    const { user } = renderModal({
      onSubmit: vi.fn(() => Promise.reject(apiError('codeNotRecognised'))),
    });
    await dialog();
    await user.type(codeInput(), '111111');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Code not recognised, please try again.');
    const input = codeInput();
    expect(input.value).toBe('');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(alert.id);
    expect(document.activeElement).toBe(input);
  });

  it('shows an expired code inline', async () => {
    const { user } = renderModal({
      onSubmit: vi.fn(() => Promise.reject(apiError('codeExpired'))),
    });
    await dialog();
    await user.type(codeInput(), '111111');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The verification code has expired. Please request a new code.',
    );
  });

  it('locks entry with a countdown after too many wrong codes, across a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, unmount } = renderModal({
      onSubmit: vi.fn(() => Promise.reject(apiError('codeLocked', 300))),
    });
    await dialog();
    await user.type(codeInput(), '111111');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many attempts');
    expect(screen.getByRole('timer').textContent).toBe('Try again in 5:00');
    expect(codeInput().disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Verify' }).disabled).toBe(true);
    expect(storage.get('lockedAs')).toBeGreaterThan(Date.now());

    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('Try again in 3:59');

    // A reload keeps the lock.
    unmount();
    renderModal();
    await dialog();
    expect(screen.getByRole('timer').textContent).toBe('Try again in 3:59');
    expect(codeInput().disabled).toBe(true);

    act(() => {
      vi.advanceTimersByTime(240_000);
    });
    await waitFor(() => expect(screen.queryByRole('timer')).toBeNull());
    expect(codeInput().disabled).toBe(false);
    expect(document.activeElement).toBe(codeInput());
  });

  it('makes the member wait when codes are requested too often', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onResend = vi.fn(() => Promise.reject(apiError('codeBusy', 120)));
    const { user } = renderModal({ onResend });
    const modal = await dialog();
    await user.click(within(modal).getByRole('button', { name: 'Resend code' }));
    const alert = await within(modal).findByRole('alert');
    expect(alert.textContent).toContain('Too many 6-digit code requests');
    expect(alert.textContent).toContain('Please wait five minutes before requesting again.');
    expect(within(modal).getByRole('timer').textContent).toBe('You can request a new code in 2:00');
    expect(storage.get('busyAs')).toBeGreaterThan(Date.now());

    const resend = within(modal).getByRole('button', { name: 'Resend code' });
    expect(resend.getAttribute('aria-disabled')).toBe('true');
    await user.click(resend);
    expect(onResend).toHaveBeenCalledTimes(1);

    // Entering a code is still allowed while requests wait.
    expect(codeInput().disabled).toBe(false);
    act(() => {
      vi.advanceTimersByTime(120_000);
    });
    await waitFor(() => expect(within(modal).queryByRole('timer')).toBeNull());
    expect(resend.getAttribute('aria-disabled')).toBeNull();
  });

  it('resends the code and says so', async () => {
    const { user, props } = renderModal({ sendType: 'email', sentTo: 'd•••@lounge.example' });
    const modal = await dialog();
    await user.click(within(modal).getByRole('button', { name: 'Resend code' }));
    expect(props.onResend).toHaveBeenCalledTimes(1);
    expect((await within(modal).findByRole('status')).textContent).toBe(
      'We have sent a new code by email to d•••@lounge.example.',
    );
  });

  it('switches between text message and email when offered', async () => {
    const onSwitch = vi.fn((_to: 'sms' | 'email') => Promise.resolve());
    function Switching() {
      const [target, setTarget] = useState<Pick<CodeEntryModalProps, 'sendType' | 'sentTo'>>({
        sendType: 'sms',
        sentTo: '+44•••••••123',
      });
      return (
        <CodeEntryModal
          open
          {...target}
          onSubmit={() => Promise.resolve()}
          onResend={() => Promise.resolve()}
          onClose={() => undefined}
          onSwitch={async (to) => {
            await onSwitch(to);
            setTarget(
              to === 'email'
                ? { sendType: 'email', sentTo: 'd•••@lounge.example' }
                : { sendType: 'sms', sentTo: '+44•••••••123' },
            );
          }}
        />
      );
    }
    const user = userEvent.setup();
    renderUi(<Switching />);
    const modal = await dialog();
    expect(
      within(modal).queryByRole('button', { name: 'Send by text message instead' }),
    ).toBeNull();
    await user.click(within(modal).getByRole('button', { name: 'Send by email instead' }));
    expect(onSwitch).toHaveBeenCalledWith('email');
    expect(modal.textContent).toContain(
      'We have sent a 6-digit code by email to d•••@lounge.example.',
    );
    expect(within(modal).getByRole('status').textContent).toBe(
      'We have sent a new code by email to d•••@lounge.example.',
    );
    await user.click(within(modal).getByRole('button', { name: 'Send by text message instead' }));
    expect(onSwitch).toHaveBeenLastCalledWith('sms');
  });

  it('offers no switch without onSwitch, and closes with Cancel or Escape', async () => {
    const { user, props } = renderModal();
    const modal = await dialog();
    expect(within(modal).queryByRole('button', { name: /instead/ })).toBeNull();
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(props.onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(props.onClose).toHaveBeenCalledTimes(2);
  });

  it('renders nothing when closed', () => {
    renderModal({ open: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
