import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { failure } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { accountApi, type AccountApi } from './account-fixtures';
import { fakeEncrypted } from '@/testing/fake-encryption';

vi.mock('@/shared/crypto/encrypt-password', () => import('@/testing/fake-encryption'));

const PASSWORD = 'Demo-Pass-2026';

async function openPage(api: AccountApi = accountApi()) {
  logIn();
  storage.set('prebookingDraft', { lounge: 'LHR1' });
  const view = renderApp('/account/delete-account');
  await screen.findByRole('heading', { level: 1, name: 'Delete Account' });
  return {
    ...view,
    api,
    password: screen.getByLabelText<HTMLInputElement>('Password'),
    understood: screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'I understand that this cannot be undone',
    }),
    submit: screen.getByRole('button', { name: 'Delete my account' }),
  };
}

type Page = Awaited<ReturnType<typeof openPage>>;

/** Password and tick, Delete my account, then Delete account in the confirmation. */
async function deleteWith(page: Page, password = PASSWORD) {
  await page.user.click(page.password);
  await page.user.paste(password);
  await page.user.click(page.understood);
  await page.user.click(page.submit);
  const confirm = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
  await page.user.click(within(confirm).getByRole('button', { name: 'Delete account' }));
}

beforeAll(async () => {
  await import('../components/delete-account-form');
}, 30_000);

describe('delete account (/account/delete-account)', { timeout: 15_000 }, () => {
  it('says what deleting removes and keeps, and that it cannot be undone', async () => {
    await openPage();
    const warning = screen.getByRole('region', { name: 'Deleting your account is permanent' });
    const points = within(warning)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(points).toEqual([
      'Your login, your profile and your saved payment cards are removed.',
      'Upcoming bookings are cancelled. Those 48 hours or more away are refunded to their card ' +
        'in about 5 working days, and their passes are returned; nearer ones are not refunded. ' +
        'Please note your Booking IDs first.',
      'Your bookings are kept for our records, without your name or contact details.',
      'Your membership numbers are freed, so they can be registered again.',
      'This cannot be undone.',
    ]);
  });

  it('asks for the password and the tick before anything else', async () => {
    const page = await openPage();
    await page.user.click(page.submit);
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(
      screen.getByText('Please confirm that you understand this cannot be undone.'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(page.password);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Cancel in the confirmation deletes nothing', async () => {
    const page = await openPage();
    await page.user.click(page.password);
    await page.user.paste(PASSWORD);
    await page.user.click(page.understood);
    await page.user.click(page.submit);
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    await page.user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(page.api.deleteAccount).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(page.submit);
  });

  it('deletes with the encrypted password, clears the login without logout-by-token, and goes home', async () => {
    const page = await openPage();
    await deleteWith(page, ` ${PASSWORD} `);
    const done = await screen.findByRole('dialog', { name: 'Account deleted' });
    expect(done.textContent).toContain('Your account has been deleted.');
    expect(page.api.deleteAccount).toHaveBeenCalledWith(
      { password: fakeEncrypted(PASSWORD) },
      expect.anything(),
    );
    for (const key of ['isLogin', 'token', 'userInfo', 'prebookingDraft'] as const) {
      expect(storage.get(key)).toBeUndefined();
    }
    expect(page.api.logout).not.toHaveBeenCalled();

    await page.user.click(within(done).getByRole('button', { name: 'Go to the home page' }));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/'));
    expect(page.queryClient.getQueryData(['/account/my-details'])).toBeUndefined();
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeTruthy();
    expect(page.api.logout).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows a wrong password on the password field (40001)', async () => {
    const api = accountApi({ '/account/delete-account': () => failure('40001', 'incorrect') });
    const page = await openPage(api);
    await deleteWith(page, 'Wrong-Pass-1');
    const message = await screen.findByText(
      'Your email address or password is incorrect. Please try again.',
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The wrong password is gone, to be typed again; its message stays on the field.
    expect(page.password.value).toBe('');
    expect(page.password.getAttribute('aria-invalid')).toBe('true');
    expect(page.password.getAttribute('aria-describedby')).toContain(message.id);
    expect(page.understood.checked).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(page.password));
    expect(storage.get('isLogin')).toBe(true);

    // Typing again clears the message; another try sends what is typed now.
    await page.user.type(page.password, 'Right-Pass-2');
    expect(
      screen.queryByText('Your email address or password is incorrect. Please try again.'),
    ).toBeNull();
    await page.user.click(page.submit);
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await page.user.click(within(confirm).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(api.deleteAccount).toHaveBeenCalledTimes(2));
    expect(api.deleteAccount).toHaveBeenLastCalledWith(
      { password: fakeEncrypted('Right-Pass-2') },
      expect.anything(),
    );
  });

  it('shows the lock with its countdown (40002)', async () => {
    const api = accountApi({
      '/account/delete-account': () => failure('40002', 'locked', { time: 299 }),
    });
    const page = await openPage(api);
    await deleteWith(page);
    const text = await screen.findByText(
      'Too many incorrect attempts. Logging in is also locked. Please wait 5 minutes and try again.',
    );
    const alert = text.closest('[role="alert"]')!;
    expect(alert.textContent).toBe(
      'Too many attempts' +
        'Too many incorrect attempts. Logging in is also locked. Please wait 5 minutes and try again.',
    );
    expect(screen.getByRole('timer').textContent).toMatch(/^Try again in 4:5\d$/);
    expect(page.submit.getAttribute('aria-disabled')).toBe('true');
    await page.user.click(page.submit);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.deleteAccount).toHaveBeenCalledTimes(1);
    expect(storage.get('isLogin')).toBe(true);
  });
});
