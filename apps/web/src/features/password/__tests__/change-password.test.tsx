import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, failure, mockApi, type Handler } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { fakeEncrypted } from '@/testing/fake-encryption';
import { dialogsClosed } from '@/testing/dialogs';

vi.mock('@/shared/crypto/encrypt-password', () => import('@/testing/fake-encryption'));

const current = 'Demo-Pass-2026';
const next = 'Changed-Pass-2028#';

function mockChange(handler: Handler = () => envelope({ updated: true })) {
  const change = vi.fn<Handler>(handler);
  mockApi({ '/account/change-pwd': change });
  return change;
}

async function openForm() {
  logIn();
  const app = renderApp('/account/password');
  await screen.findByRole('heading', { level: 1, name: 'Change Password' });
  return {
    ...app,
    current: screen.getByLabelText('Current password'),
    password: screen.getByLabelText('New password'),
    confirm: screen.getByLabelText('Confirm new password'),
    submit: screen.getByRole('button', { name: 'Update password' }),
  };
}

async function fill(
  form: Awaited<ReturnType<typeof openForm>>,
  values: { current: string; password: string; confirm: string },
) {
  // Pasted rather than typed: one input event each keeps these tests quick.
  for (const [field, value] of [
    [form.current, values.current],
    [form.password, values.password],
    [form.confirm, values.confirm],
  ] as const) {
    await form.user.click(field);
    await form.user.paste(value);
  }
}

describe('change password (/account/password)', () => {
  it('is for members only', async () => {
    mockChange();
    const { router } = renderApp('/account/password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Faccount%2Fpassword');
  });

  it('changes the password and shows the popup on the profile; closing it drops the flag', async () => {
    const change = mockChange();
    const form = await openForm();
    await fill(form, { current, password: next, confirm: next });
    await form.user.click(form.submit);

    const popup = await screen.findByRole('dialog', { name: 'Password updated' });
    expect(popup.textContent).toContain('Your password has been changed.');
    expect(form.router.state.location.pathname).toBe('/account/profile');
    expect(form.router.state.location.search).toBe('?showUpdatePwdSucc=1');
    expect(change).toHaveBeenCalledWith(
      { currentPwd: fakeEncrypted(current), newPwd: fakeEncrypted(next) },
      expect.anything(),
    );
    await form.user.click(within(popup).getByRole('button', { name: 'OK' }));
    await dialogsClosed();
    expect(form.router.state.location.pathname).toBe('/account/profile');
    expect(form.router.state.location.search).toBe('');
    expect(form.router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
  });

  it('shows a wrong current password on that field', async () => {
    mockChange(() => failure('40001', 'incorrect'));
    const form = await openForm();
    await fill(form, { current: 'Wrong-Current-1', password: next, confirm: next });
    await form.user.click(form.submit);
    const message = await screen.findByText(
      'Your email address or password is incorrect. Please try again.',
    );
    expect(form.current.getAttribute('aria-invalid')).toBe('true');
    expect(form.current.getAttribute('aria-describedby')).toBe(message.id);
    await waitFor(() => expect(document.activeElement).toBe(form.current));

    // Typing a new current password clears the message.
    await form.user.type(form.current, 'x');
    expect(form.current.getAttribute('aria-invalid')).toBeNull();
  });

  it('says when the new password is the current one, before and after asking the server', async () => {
    const change = mockChange(() =>
      failure('40005', "New password can't be the same as the old password."),
    );
    const form = await openForm();
    await fill(form, { current: next, password: next, confirm: next });
    await form.user.click(form.submit);
    expect(
      await screen.findByText("New password can't be the same as the old password."),
    ).toBeTruthy();
    expect(form.password.getAttribute('aria-invalid')).toBe('true');
    expect(change).not.toHaveBeenCalled();

    // The server compares with the stored password too (e.g. spaces typed in the current one).
    await form.user.clear(form.current);
    await form.user.paste(current);
    await form.user.click(form.submit);
    await waitFor(() => expect(change).toHaveBeenCalledTimes(1));
    expect(
      await screen.findByText("New password can't be the same as the old password."),
    ).toBeTruthy();
  });

  it('shows the lock with its countdown after too many wrong passwords', async () => {
    const change = mockChange(() => failure('40002', 'locked', { time: 299 }));
    const form = await openForm();
    await fill(form, { current: 'Wrong-Current-1', password: next, confirm: next });
    await form.user.click(form.submit);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Too many incorrect attempts. Please wait five minutes and try again.',
    );
    expect(screen.getByRole('timer').textContent).toMatch(/^Try again in 4:5\d$/);
    expect(form.submit.getAttribute('aria-disabled')).toBe('true');
    await form.user.click(form.submit);
    expect(change).toHaveBeenCalledTimes(1);
  });

  it('checks the fields before sending', async () => {
    const change = mockChange();
    const form = await openForm();
    await form.user.click(form.submit);
    expect(await screen.findAllByText('This field is required.')).toHaveLength(3);
    expect(document.activeElement).toBe(form.current);
    expect(change).not.toHaveBeenCalled();
  });
});

describe('profile page popup', () => {
  it('shows nothing without the flag', async () => {
    logIn();
    mockApi();
    renderApp('/account/profile');
    await screen.findByRole('heading', { level: 1, name: 'My Profile' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with Escape and keeps other parameters', async () => {
    logIn();
    mockApi();
    const { user, router } = renderApp('/account/profile?showUpdatePwdSucc=1&tab=x');
    await screen.findByRole('dialog', { name: 'Password updated' });
    await user.keyboard('{Escape}');
    await dialogsClosed();
    expect(router.state.location.search).toBe('?tab=x');
  });
});
