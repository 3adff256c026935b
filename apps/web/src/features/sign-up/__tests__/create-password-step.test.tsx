import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { envelope, failure, type Handler } from '@/testing/mock-api';
import {
  NUMBER,
  UUID,
  button,
  code,
  input,
  openSignUp,
  path,
  progressText,
  registered,
  registrationApi,
  resumeAt,
  stepHeading,
  type RegistrationApi,
} from './sign-up-fixtures';
import { fakeEncrypted } from '@/testing/fake-encryption';

vi.mock('@/shared/crypto/encrypt-password', () => import('@/testing/fake-encryption'));

const PASSWORD = 'Lounge-Pass-2026';
const passwordStep = () => stepHeading('Create your password');
const termsBox = () =>
  screen.getByRole<HTMLInputElement>('checkbox', {
    name: 'I have read and agree to the terms and conditions',
  });

async function fillAndCreate(api: RegistrationApi = registrationApi()) {
  resumeAt(2);
  const view = openSignUp(api);
  await passwordStep();
  await view.user.type(input('Password'), PASSWORD);
  await view.user.type(input('Confirm password'), PASSWORD);
  await view.user.click(termsBox());
  await view.user.click(button('Create account'));
  return view;
}

// The step loads lazily; its first load in a file may outlast a query's wait.
beforeAll(async () => {
  await import('../components/create-password-step');
}, 30_000);

// Whole journeys through the app, typing as a member does: slower than a unit test.
describe('sign-up step 3: create password', { timeout: 15_000 }, () => {
  it('shows the rules live, and checks the confirmation and the terms', async () => {
    resumeAt(2);
    const { user, api } = openSignUp();
    await passwordStep();
    expect(progressText()).toBe('Registration Step 3 of 3');
    expect(screen.getByText('Password strength:').textContent).toContain('Weak');

    await user.click(button('Create account'));
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    const termsMessage = screen.getByText('You must read and agree to the terms to continue.');
    expect(termsBox().getAttribute('aria-describedby')).toContain(termsMessage.id);
    expect(termsBox().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('Password'));

    await user.type(input('Password'), PASSWORD);
    expect(screen.getByText('Password strength:').textContent).toContain('Strong');
    await user.type(input('Confirm password'), 'Lounge-Pass-2025');
    await user.click(button('Create account'));
    expect(screen.getByText('Password do not match.')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });

  it("links to the issuer's terms, in a new tab", async () => {
    storage.set('issuer', 'natwest');
    resumeAt(2);
    openSignUp(
      registrationApi({
        '/tc/link': () =>
          envelope([
            { cardType: 'Black', url: '/terms-and-conditions?cardType=black', text: 'Black' },
          ]),
      }),
    );
    await passwordStep();
    const link = await screen.findByRole('link', {
      name: 'Read the terms and conditions (opens in a new tab)',
    });
    await waitFor(() =>
      expect(link.getAttribute('href')).toBe('/terms-and-conditions?cardType=black'),
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(termsBox().getAttribute('aria-describedby')).toContain(link.parentElement?.id);
  });

  it('creates the account, logs in, shows the card and clears the drafts', async () => {
    storage.set('newTimeAs', Date.now() - 1000);
    const { api, router, user } = await fillAndCreate();
    const heading = await stepHeading('Registration complete');
    expect(api.create).toHaveBeenCalledWith(
      { uuid: UUID, password: fakeEncrypted(PASSWORD) },
      expect.anything(),
    );
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByRole('navigation', { name: 'Registration progress' })).toBeNull();
    expect(
      screen.getByText('Welcome, Ada. Your account has been created and you are now logged in.'),
    ).toBeTruthy();

    const card = screen.getByRole('figure', { name: 'Your membership card' });
    expect(within(card).getByText('4929 1234 1234 1234')).toBeTruthy();
    expect(within(card).getByText('ADA MEMBER')).toBeTruthy();
    expect(within(card).getByText('12/28')).toBeTruthy();
    const art = card.querySelector<HTMLElement>('.membership-card__art');
    expect(art?.getAttribute('aria-hidden')).toBe('true');
    expect(art?.style.backgroundImage).toContain('/assets-api/art/card/natwest.svg');
    // A NatWest membership shows NatWest's brand, whatever the site's theme (issue 21).
    expect(card.getAttribute('data-issuer')).toBe('natwest');
    expect(card.querySelector('[data-issuer-logo]')?.getAttribute('data-issuer-logo')).toBe(
      'natwest',
    );

    expect(storage.get('token')).toBe('token-new');
    expect(storage.get('isLogin')).toBe(true);
    // A new account's first login: its add-a-card invitation is kept for the next page; the
    // finish screen makes the same offer inline, so no prompt over it (issue 21).
    expect(storage.get('isFirstLogin')).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(storage.get('mbInfo')).toEqual(registered.membership);
    for (const key of [
      'signUpDraft',
      'ASuuid',
      'mbNum',
      'verType',
      'asinfo',
      'newTimeAs',
    ] as const) {
      expect(storage.get(key)).toBeUndefined();
    }
    expect(
      await screen.findByRole('button', { name: /AM Account menu for Ada Member/ }),
    ).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Go to my account' }));
    await waitFor(() => expect(path(router)).toMatch(/^\/account/));
    expect(await screen.findByRole('dialog', { name: 'Add a payment card' })).toBeTruthy();
  });

  it('makes no first-login invitation later once the finish screen card offer is taken', async () => {
    const clearPopup = vi.fn<Handler>(() => envelope({ cleared: true }));
    const { user } = await fillAndCreate(registrationApi({ '/account/clear/popup': clearPopup }));
    await stepHeading('Registration complete');
    const offer = await screen.findByRole('region', { name: 'Add a payment card' });
    await user.click(within(offer).getByRole('button', { name: 'Add a payment card' }));
    expect(storage.get('isFirstLogin')).toBeUndefined();
    await waitFor(() => expect(clearPopup).toHaveBeenCalledTimes(1));
  });

  it.each([['sessionTimedOut'], ['codeExpired']] as const)(
    '%s: the session modal, back to the membership number',
    async (name) => {
      const api = registrationApi();
      api.create.mockImplementation(() => failure(code(name)));
      const { user } = await fillAndCreate(api);
      const dialog = await screen.findByRole('alertdialog', { name: 'Session time out' });
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      await stepHeading('Enter your membership number');
      expect(storage.get('ASuuid')).toBeUndefined();
      expect(storage.get('token')).toBeUndefined();
      expect(storage.get('mbNum')).toBe(NUMBER);
    },
  );

  it('a number or contact registered meanwhile is said on the form', async () => {
    const api = registrationApi();
    api.create.mockImplementation(() => failure(code('mobileRegistered')));
    await fillAndCreate(api);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This mobile number is already registered.',
    );
    expect(storage.get('token')).toBeUndefined();
  });

  it('Back goes to the personal details, still filled', async () => {
    resumeAt(2);
    const { user } = openSignUp();
    await passwordStep();
    await user.click(button('Back'));
    await stepHeading('Your personal details');
    expect(input('Last name').value).toBe('Member');
    expect(progressText()).toBe('Registration Step 2 of 3');
  });
});
