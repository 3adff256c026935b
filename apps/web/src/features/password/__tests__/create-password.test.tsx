import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, failure, mockApi, type Handler } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { fakeEncrypted } from '@/testing/fake-encryption';

vi.mock('@/shared/crypto/encrypt-password', () => import('@/testing/fake-encryption'));

const uuid = '7d1f5f7e-1c2b-4c47-9a51-4b0c8e7f2a10';
const url = `/create-psw/email/${uuid}`;
const strong = 'Reset-Pass-2027!';

function mockReset(reset: Handler = () => envelope({ reset: true }), check?: Handler) {
  const resetFn = vi.fn<Handler>(reset);
  const checkFn = vi.fn<Handler>(check ?? (() => envelope({ valid: true })));
  mockApi({ '/user/pwd/reset/check/token': checkFn, '/user/reset-pwd': resetFn });
  return { reset: resetFn, check: checkFn };
}

/** Pasted rather than typed: one input event keeps these tests quick. */
async function enter(user: ReturnType<typeof renderApp>['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function openForm() {
  const app = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Create a New Password' });
  const fields = {
    password: await screen.findByLabelText('New password'),
    confirm: screen.getByLabelText('Confirm new password'),
    save: screen.getByRole('button', { name: 'Save password' }),
  };
  return { ...app, ...fields };
}

describe('create a new password (/create-psw/:type/:uuid)', () => {
  it('checks the link first and shows Link Expired for an expired one', async () => {
    const { check } = mockReset(undefined, () => failure('40006', 'Link Expired'));
    const { user, router } = renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: 'Link Expired' })).toBeTruthy();
    expect(check).toHaveBeenCalledWith({ uuid }, expect.anything());
    expect(screen.queryByLabelText('New password')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Start again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-psw/choose-Way'));
  });

  it('shows Link Expired for an unknown link too', async () => {
    mockReset(undefined, () => failure('10002', 'Not found'));
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: 'Link Expired' })).toBeTruthy();
  });

  it('shows the rules meter under the new password', async () => {
    mockReset();
    const { user, password } = await openForm();
    expect(screen.getByText('Password strength:').textContent).toBe('Password strength: Weak');
    await enter(user, password, strong);
    expect(screen.getByText('Password strength:').textContent).toBe('Password strength: Strong');
  });

  it('asks for a password that meets the rules, and the same again', async () => {
    const { reset } = mockReset();
    const { user, password, confirm, save } = await openForm();
    await enter(user, password, 'weakpass');
    await enter(user, confirm, 'weakpasx');
    await user.click(save);

    const rules = await screen.findByText('Your password does not meet all the requirements.');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toContain(rules.id);
    const mismatch = screen.getByText('Password do not match.');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(confirm.getAttribute('aria-describedby')).toBe(mismatch.id);
    expect(document.activeElement).toBe(password);
    expect(reset).not.toHaveBeenCalled();

    await user.clear(password);
    await enter(user, password, strong);
    expect(screen.queryByText('Your password does not meet all the requirements.')).toBeNull();
    expect(screen.getByText('Password do not match.')).toBeTruthy();
    await user.click(save);
    expect(reset).not.toHaveBeenCalled();
  });

  it('says when the new password is the old one', async () => {
    mockReset(() => failure('40005', "New password can't be the same as the old password."));
    const { user, password, confirm, save } = await openForm();
    await enter(user, password, strong);
    await enter(user, confirm, strong);
    await user.click(save);
    const message = await screen.findByText("New password can't be the same as the old password.");
    expect(password.getAttribute('aria-describedby')).toContain(message.id);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(password));
  });

  it('shows Link Expired when the link runs out before saving', async () => {
    mockReset(() => failure('40006', 'Link Expired'));
    const { user, password, confirm, save } = await openForm();
    await enter(user, password, strong);
    await enter(user, confirm, strong);
    await user.click(save);
    const title = await screen.findByRole('heading', { level: 1, name: 'Link Expired' });
    expect(document.activeElement).toBe(title);
  });

  it('saves the encrypted password and says it is updated', async () => {
    const { reset } = mockReset();
    const { user, router, password, confirm, save } = await openForm();
    await enter(user, password, strong);
    await enter(user, confirm, strong);
    await user.click(save);
    expect(await screen.findByRole('heading', { level: 1, name: 'Password Updated' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/update-pwd-succ');
    // Replaced: going back does not return to the used link.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(reset).toHaveBeenCalledWith(
      { uuid, password: fakeEncrypted(strong) },
      expect.anything(),
    );
    expect(screen.getByText(/log in with your new password/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });
});
