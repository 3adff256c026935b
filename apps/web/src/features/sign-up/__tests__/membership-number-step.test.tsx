import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { failure, offContract } from '@/testing/mock-api';
import { logIn } from '@/testing/render-app';
import {
  NUMBER,
  UUID,
  button,
  code,
  input,
  openSignUp,
  path,
  progressText,
  registrationApi,
  stepHeading,
} from './sign-up-fixtures';

const numberInput = () => input('Membership number');
const firstStep = () => stepHeading('Enter your membership number');

async function submitNumber(api = registrationApi(), number = NUMBER) {
  const view = openSignUp(api);
  await firstStep();
  await view.user.type(numberInput(), number);
  await view.user.click(button('Continue'));
  return view;
}

// Whole journeys through the app, typing as a member does: slower than a unit test.
describe('sign-up step 1: membership number', { timeout: 15_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the first of three steps, under the Register heading', async () => {
    openSignUp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Register' })).toBeTruthy();
    await firstStep();
    expect(progressText()).toBe('Registration Step 1 of 3');
    const current = screen
      .getByRole('navigation', { name: 'Registration progress' })
      .querySelector('[aria-current="step"]');
    expect(current?.textContent).toBe('1Step 1: Membership number');
    await waitFor(() => expect(document.title).toBe('Register | Airport Lounges & Fast Track'));
  });

  it('groups the digits in fours as typed, and checks them before calling', async () => {
    const api = registrationApi();
    const { user } = openSignUp(api);
    await firstStep();
    const number = numberInput();
    expect(number.maxLength).toBe(19);
    expect(number.getAttribute('inputmode')).toBe('numeric');

    await user.click(button('Continue'));
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(number);

    await user.type(number, '4929a-12');
    expect(number.value).toBe('4929 12');
    await user.click(button('Continue'));
    const message = screen.getByText('Please enter 16 digits.');
    expect(number.getAttribute('aria-describedby')).toContain(message.id);
    await user.type(number, '341234123412349999');
    expect(number.value).toBe('4929 1234 1234 1234');
    expect(api.verifyCard).not.toHaveBeenCalled();
  });

  it('opens the session and moves to the details, focusing their heading', async () => {
    const { api } = await submitNumber();
    const heading = await stepHeading('Your personal details');
    expect(api.verifyCard).toHaveBeenCalledWith({ dpid: NUMBER }, expect.anything());
    expect(storage.get('ASuuid')).toBe(UUID);
    expect(storage.get('mbNum')).toBe(NUMBER);
    expect(progressText()).toBe('Registration Step 2 of 3');
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it.each([
    ['numberNotRecognised', 'Membership number not recognised. Please check and try again.'],
    ['membershipNotRecognised', 'The membership number is not recognised.'],
  ] as const)('%s: says so on the field', async (name, message) => {
    const api = registrationApi();
    api.verifyCard.mockImplementation(() => failure(code(name)));
    await submitNumber(api);
    const error = await screen.findByText(message);
    expect(numberInput().getAttribute('aria-describedby')).toContain(error.id);
    expect(numberInput().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(numberInput());
  });

  it.each([
    ['numberInUse', 'Membership number already in use. Please log in'],
    ['numberInUseRegistered', 'Membership number already in use. Please log in'],
    [
      'associatedAccountRegistered',
      'The associated account of membership number has been registered. Please log in',
    ],
  ] as const)('%s: a modal leads to log in', async (name, message) => {
    const api = registrationApi();
    api.verifyCard.mockImplementation(() => failure(code(name)));
    const { user, router } = await submitNumber(api);
    const dialog = await screen.findByRole('alertdialog', { name: 'Already registered' });
    expect(dialog.textContent).toContain(message);
    expect(storage.get('loginWithNum')).toBe(
      name === 'associatedAccountRegistered' ? NUMBER : undefined,
    );
    await user.click(within(dialog).getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(path(router)).toBe('/login'));
    if (name === 'associatedAccountRegistered') {
      expect(await screen.findByLabelText('Membership number')).toBeTruthy();
    }
  });

  it('membershipSuspended: tells the member to contact us', async () => {
    const api = registrationApi();
    api.verifyCard.mockImplementation(() => failure(code('membershipSuspended')));
    const { user } = await submitNumber(api);
    const dialog = await screen.findByRole('alertdialog', { name: 'Membership Suspended' });
    expect(within(dialog).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(
      '/contact-us',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(button('Continue'));
  });

  it('verifySessionLocked: counts down in a modal, kept across a reload, Continue waiting', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = registrationApi();
    api.verifyCard.mockImplementation(() =>
      failure(code('verifySessionLocked'), 'l', { time: 30 }),
    );
    const { user } = await submitNumber(api);
    const dialog = await screen.findByRole('alertdialog', { name: 'Too many attempts' });
    const timer = within(dialog).getByRole('timer');
    expect(timer.textContent).toBe('You can try again in 0:30');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(timer.textContent).toBe('You can try again in 0:25');
    expect(storage.get('newTimeAs')).toBeGreaterThan(Date.now());

    // A reload: the modal shows again, with the time left.
    cleanup();
    openSignUp(api);
    const again = await screen.findByRole('alertdialog', { name: 'Too many attempts' });
    expect(within(again).getByRole('timer').textContent).toBe('You can try again in 0:25');
    await user.click(within(again).getByRole('button', { name: 'OK' }));
    const panel = await screen.findByRole('timer');
    expect(panel.textContent).toBe('You can try again in 0:25');
    expect(button('Continue').getAttribute('aria-disabled')).toBe('true');
    await user.click(button('Continue'));
    expect(api.verifyCard).toHaveBeenCalledTimes(1);

    act(() => {
      vi.advanceTimersByTime(25_000);
    });
    await waitFor(() => expect(screen.queryByRole('timer')).toBeNull());
    expect(button('Continue').getAttribute('aria-disabled')).toBeNull();
    api.verifyCard.mockImplementation(registrationApi().verifyCard);
    await user.click(button('Continue'));
    await stepHeading('Your personal details');
  });

  it('another failure shows the server-error dialog; Try again stays on /sign-up', async () => {
    const api = registrationApi();
    api.verifyCard.mockImplementation(() => offContract(failure('99999', 'odd')));
    const { user, router } = await submitNumber(api);
    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(path(router)).toBe('/sign-up');
    await firstStep();
  });

  it('a server fault shows the global overlay', async () => {
    const api = registrationApi();
    api.verifyCard.mockImplementation(() => new Response('', { status: 503 }));
    await submitNumber(api);
    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    expect(dialog.textContent).toContain('Error 503');
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
  });

  it('Back returns to the page before, or home when the visit began here', async () => {
    const first = openSignUp(registrationApi(), '/faqs');
    await first.router.navigate('/sign-up');
    await firstStep();
    await first.user.click(button('Back'));
    await waitFor(() => expect(path(first.router)).toBe('/faqs'));

    cleanup();
    const direct = openSignUp();
    await firstStep();
    await direct.user.click(button('Back'));
    await waitFor(() => expect(path(direct.router)).toBe('/'));
  });

  it('a logged-in member is sent to add a membership instead', async () => {
    logIn();
    openSignUp();
    await screen.findByRole('heading', { level: 1, name: 'Register' });
    expect(
      (await screen.findByRole('link', { name: 'Add a membership' })).getAttribute('href'),
    ).toBe('/membership/add');
    expect(screen.queryByLabelText('Membership number')).toBeNull();
  });
});
